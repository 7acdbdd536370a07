import type { ReactNode } from 'react'
import { CameraOff } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { CameraProblem } from './use-camera'

const MESSAGES: Record<CameraProblem, { title: string; body: ReactNode }> = {
  denied: {
    title: 'ShelfSnap may not use the camera',
    body: 'To allow it, tap the camera or lock icon beside the web address, set Camera to Allow, then tap Try again. On an iPhone: Settings → Safari → Camera → Allow.',
  },
  none: {
    title: 'No camera found',
    body: 'This device has no camera ShelfSnap can use. Open this page on your phone, or count from photos on Upload Photos.',
  },
  insecure: {
    title: 'The camera needs a secure connection',
    body: (
      <>
        Browsers open the camera only on pages served over HTTPS (or on the computer itself). Open ShelfSnap at its https:// address. Trying the
        dev server from a phone on the same Wi-Fi? Start it with <code className="rounded bg-muted px-1">next dev --experimental-https</code> and
        open https://&lt;this computer&apos;s address&gt;:3000 on the phone.
      </>
    ),
  },
  busy: {
    title: 'The camera is in use',
    body: 'Another app or tab is using the camera. Close it, then tap Try again.',
  },
  unsupported: {
    title: 'This browser cannot open the camera',
    body: 'Open ShelfSnap in Chrome, Safari or Firefox on your phone, or count from photos on Upload Photos.',
  },
  failed: {
    title: 'The camera could not be opened',
    body: 'Tap Try again. If it keeps failing, restart the browser.',
  },
}

/** Why there is no picture, and what the owner can do about it. */
export function CameraMessage({ problem, onRetry }: { problem: CameraProblem; onRetry: () => void }) {
  const { title, body } = MESSAGES[problem]
  const retry = problem === 'denied' || problem === 'busy' || problem === 'failed'
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
      <CameraOff aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-prose text-sm text-muted-foreground">{body}</p>
      {retry && (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  )
}
