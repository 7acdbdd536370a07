import { CloudOff } from 'lucide-react'
import { plural } from '@/lib/format/plural'

/** Whether photos can go up: the browser's network, or the last try's answer (none: dropped). */
export type Connection = 'online' | 'offline' | 'dropped'

/** Review and Confirm compare the counts with the ledger, on the server: offline, they say so. */
export const REVIEW_NEEDS_CONNECTION = 'Review needs a connection: ShelfSnap compares the counts with your stock records.'

/**
 * How many photos wait on this phone, and why: offline, or a connection that
 * dropped (tried again shortly). Always in the page, so a screen reader hears
 * it change.
 */
export function OfflineNotice({ waiting, connection }: { waiting: number; connection: Connection }) {
  const shown = connection !== 'online' || waiting > 0
  return (
    <div role="status" aria-live="polite" className={shown ? 'flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950' : 'sr-only'}>
      {shown && (
        <>
          <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="grid gap-0.5">
            {waiting > 0 && <p className="font-medium">{plural(waiting, 'photo')} waiting to upload</p>}
            <p className="text-sm">
              {connection === 'online'
                ? 'Uploading now.'
                : connection === 'offline'
                  ? "You're offline. Photos are kept on this phone and upload when the connection is back."
                  : 'The connection dropped. Photos are kept on this phone; ShelfSnap tries again in a moment.'}
            </p>
          </div>
        </>
      )}
    </div>
  )
}
