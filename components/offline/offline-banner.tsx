'use client'

import { CloudOff, RefreshCw } from 'lucide-react'
import { formatSeenAt } from '@/lib/format/date-time'
import { plural } from '@/lib/format/plural'
import { useStockTaps } from '@/components/stock/use-stock-taps'
import { ConflictList } from './conflict-list'
import { useOffline } from './offline-provider'

/**
 * Under the header on every signed-in page: offline, what the page shows and from when; changes
 * kept on this phone and the last sync; changes the server refused, for the owner to resolve.
 */
export function OfflineBanner() {
  const { online, notice, taps } = useOffline()
  const { snapshot } = useStockTaps()
  const { waiting, syncing, holding, holdReason, lastSyncAt, conflicts } = snapshot
  const showWaiting = holding && waiting > 0
  const showSyncing = !holding && syncing > 0
  if (online && !showWaiting && !showSyncing && conflicts.length === 0) return null
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-2 px-4 pt-3">
      {(!online || showWaiting || showSyncing) && (
        <section aria-label="Sync" className="grid gap-1 rounded-lg border border-amber-500/50 bg-amber-50 text-amber-950 px-3 py-2 text-sm">
          {!online && (
            <p className="flex items-center gap-2 font-medium">
              <CloudOff aria-hidden="true" className="size-4 shrink-0" />
              You&apos;re offline. Showing {notice.what} as of {formatSeenAt(notice.at)}.
            </p>
          )}
          {showWaiting && (
            <p role="status" className="flex flex-wrap items-center gap-x-2">
              <RefreshCw aria-hidden="true" className="size-4 shrink-0" />
              <span className="font-medium">{plural(waiting, 'change')} waiting to sync</span>
              <span className="text-muted-foreground">{lastSyncAt ? `Last synced ${formatSeenAt(lastSyncAt)}` : 'Not synced from this phone yet'}</span>
            </p>
          )}
          {showSyncing && (
            <p role="status" className="flex items-center gap-2 font-medium">
              <RefreshCw aria-hidden="true" className="size-4 shrink-0 motion-safe:animate-spin" />
              Syncing {plural(syncing, 'change')}…
            </p>
          )}
          {holdReason && <p className="text-destructive">{holdReason}</p>}
        </section>
      )}
      {taps && conflicts.length > 0 && <ConflictList conflicts={conflicts} onDismiss={(id) => taps.dismiss(id)} />}
    </div>
  )
}
