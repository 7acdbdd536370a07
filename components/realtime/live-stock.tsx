'use client'

import { useRouter } from 'next/navigation'
import { useOffline } from '@/components/offline/offline-provider'
import { useStockTaps } from '@/components/stock/use-stock-taps'
import { keepStock } from '@/lib/offline/catalogue-copy'
import { counterChange } from '@/lib/realtime/counter-change'
import { COUNTER_TABLES } from '@/lib/realtime/live-tables'
import { useLiveChanges, type LiveChange } from '@/lib/realtime/use-live-changes'

/**
 * The counter list kept up to date. A sale or delivery booked elsewhere becomes the product's
 * stored number, under the taps not yet booked here (the row shows both, as for its own); this
 * page's own changes are left to their answers. A product added, removed or changed otherwise
 * reads the page again, once no tap is waiting to be booked.
 */
export function LiveStock({ shopId }: { shopId: string }) {
  const router = useRouter()
  const { taps, userId } = useOffline()
  const { snapshot } = useStockTaps()

  function onChange(heard: LiveChange): boolean {
    const change = counterChange(heard)
    if (change?.kind !== 'stock') return change !== null
    if (!taps || (change.requestId && taps.isWaiting(change.requestId))) return false
    taps.setStored(change.productId, change.qty)
    if (userId) void keepStock(userId, change.productId, change.qty).catch(() => {})
    // Trap: taps on this product not yet booked will be answered with a number that may be older
    // than this one (their change committed first): read the page again once they are.
    return taps.getSnapshot().pending.has(change.productId)
  }

  useLiveChanges({ tables: COUNTER_TABLES, shopId, refresh: () => router.refresh(), onChange, hold: snapshot.busy })
  return null
}
