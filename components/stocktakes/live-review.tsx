'use client'

import { createContext, use, useEffect, type ReactNode } from 'react'
import { useRouter } from 'next/navigation'
import { readStocktakeReview } from '@/lib/actions/live-stocktake'
import { STOCKTAKE_TABLES } from '@/lib/realtime/live-tables'
import { useLiveRead } from '@/lib/realtime/use-live-read'
import type { LiveReview } from '@/lib/stocktakes/live-review'

const LiveReviewContext = createContext<LiveReview | null>(null)

interface LiveReviewProviderProps {
  sessionId: string
  shopId: string
  /** an open stocktake is kept up to date; a closed one changes no more */
  open: boolean
  initial: LiveReview
  children: ReactNode
}

/**
 * A stocktake's review page, kept up to date while it is open: a change on any device of the shop
 * reads the review (what confirming books) and the photo times again, and they show at once. When
 * the rest of what the page shows moved too (its status, a photo), the page is rendered again.
 */
export function LiveReviewProvider({ sessionId, shopId, open, initial, children }: LiveReviewProviderProps) {
  const router = useRouter()
  const live = useLiveRead({
    initial,
    tables: STOCKTAKE_TABLES,
    shopId,
    enabled: open,
    read: async () => {
      const result = await readStocktakeReview(sessionId)
      if (!result.ok) return undefined
      // discarded elsewhere: the page says it is gone
      if (!result.value) router.refresh()
      return result.value ?? undefined
    },
  })
  useEffect(() => {
    if (live.shape !== initial.shape) router.refresh()
  }, [live.shape, initial.shape, router])
  return <LiveReviewContext value={live}>{children}</LiveReviewContext>
}

export function useLiveReview(): LiveReview {
  const live = use(LiveReviewContext)
  if (!live) throw new Error('useLiveReview needs a LiveReviewProvider around it')
  return live
}
