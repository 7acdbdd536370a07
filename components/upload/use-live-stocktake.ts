'use client'

import { useEffect } from 'react'
import { useRouter } from 'next/navigation'
import { readOpenStocktake } from '@/lib/actions/live-stocktake'
import { STOCKTAKE_TABLES } from '@/lib/realtime/live-tables'
import { useLiveRead } from '@/lib/realtime/use-live-read'
import type { OpenStocktakeView } from '@/lib/workflows/open-stocktake-view'

/**
 * The open stocktake as Upload Photos shows it, taken in from every device of the shop: its
 * photos, their counts and its stage, read again on each change.
 */
export function useLiveStocktake(initial: OpenStocktakeView | null, shopId: string): OpenStocktakeView | null {
  const router = useRouter()
  const stocktake = useLiveRead({
    initial,
    tables: STOCKTAKE_TABLES,
    shopId,
    read: async () => {
      const result = await readOpenStocktake(shopId)
      return result.ok ? result.value : undefined
    },
  })
  // one closed elsewhere (confirmed, discarded) joins the recent stocktakes: the page is rendered again
  const closed = initial !== null && stocktake?.id !== initial.id
  useEffect(() => {
    if (closed) router.refresh()
  }, [closed, router])
  return stocktake
}
