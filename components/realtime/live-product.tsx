'use client'

import { useRouter } from 'next/navigation'
import { useStockTaps } from '@/components/stock/use-stock-taps'
import { COUNTER_TABLES } from '@/lib/realtime/live-tables'
import { useLiveChanges, type LiveChange } from '@/lib/realtime/use-live-changes'

/** The product's row or its movement's product: the one this change is about. */
function productOf(heard: LiveChange): unknown {
  const row = (Object.keys(heard.new ?? {}).length ? heard.new : heard.old) as Record<string, unknown>
  return heard.table === 'stock_movements' ? row.product_id : row.id
}

/**
 * A product's page kept up to date: a change to this product (its stock, details or a movement),
 * made on another device, reads the page again once no tap here is waiting to be booked.
 */
export function LiveProduct({ productId, shopId }: { productId: string; shopId: string }) {
  const router = useRouter()
  const { snapshot } = useStockTaps()
  useLiveChanges({
    tables: COUNTER_TABLES,
    shopId,
    refresh: () => router.refresh(),
    onChange: (heard) => Boolean(heard.errors?.length) || productOf(heard) === productId,
    hold: snapshot.busy,
  })
  return null
}
