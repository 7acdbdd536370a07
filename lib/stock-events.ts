import { useEffect, useRef } from 'react'

// Pages that change stock in bulk (a confirmed stocktake) announce it; open
// dashboards in other tabs, or in this one, refetch. Same origin only.
export const STOCK_CHANNEL = 'shelfsnap-stock'

export interface StockChangedMessage {
  type: 'stock-changed'
}

const isStockChanged = (data: unknown): data is StockChangedMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'stock-changed'

/** Tells every open page of this site that stock changed. A no-op where BroadcastChannel is missing. */
export function announceStockChanged(): void {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(STOCK_CHANNEL)
  channel.postMessage({ type: 'stock-changed' } satisfies StockChangedMessage)
  channel.close()
}

/** Calls `listener` with each stock-changed message; returns the unsubscribe. */
export function subscribeStockChanged(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {}
  const channel = new BroadcastChannel(STOCK_CHANNEL)
  channel.onmessage = (event: MessageEvent) => {
    if (isStockChanged(event.data)) listener()
  }
  return () => channel.close()
}

/** Runs `listener` whenever another page (or tab) announces a stock change. */
export function useStockChanged(listener: () => void): void {
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() => subscribeStockChanged(() => latest.current()), [])
}
