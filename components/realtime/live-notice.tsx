'use client'

import { useSyncExternalStore } from 'react'
import { Unplug } from 'lucide-react'
import { useBrowserOnline } from '@/lib/hooks/use-browser-online'
import { livePageStatus, liveStatuses } from '@/lib/realtime/live-registry'

/**
 * Under the header, beside the offline banner: while a page's live updates are paused (the
 * socket dropped, or will not join), says so politely. Offline, the offline banner says more.
 * The (empty) live region is there from the moment a page subscribes, so the words are announced.
 */
export function LiveNotice() {
  const status = useSyncExternalStore(liveStatuses.subscribe, livePageStatus, () => 'none' as const)
  const online = useBrowserOnline()
  if (status === 'none') return null
  const shown = status === 'paused' && online
  return (
    <div role="status" aria-live="polite" className={shown ? 'mx-auto w-full max-w-3xl px-4 pt-3' : 'sr-only'}>
      {shown && (
        <p className="flex items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
          <Unplug aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <span className="font-medium">Live updates paused.</span> <span className="text-muted-foreground">Reconnecting…</span>
          </span>
        </p>
      )}
    </div>
  )
}
