'use client'

import { useCallback, useSyncExternalStore } from 'react'
import { useOffline } from '@/components/offline/offline-provider'
import type { StockTapsSnapshot, TapKind } from '@/lib/products/stock-taps'

export { QUIET_MS } from './counter-outbox'

const EMPTY: StockTapsSnapshot = {
  stored: new Map(),
  pending: new Map(),
  busy: false,
  saving: new Set(),
  waiting: 0,
  syncing: 0,
  holding: false,
  online: true,
  holdReason: null,
  conflicts: [],
  lastSyncAt: null,
  ready: false,
}
const nothing = () => () => {}
const empty = () => EMPTY

/** The counter's stock taps, through the signed-in user's outbox: shown at once, booked together after a quiet moment, with Undo. */
export function useStockTaps() {
  const { taps } = useOffline()
  const snapshot = useSyncExternalStore(taps?.subscribe ?? nothing, taps?.getSnapshot ?? empty, empty)
  // fresh numbers came from the server: forget the ones kept since
  const reset = useCallback(() => taps?.setStored(null), [taps])
  return {
    snapshot,
    reset,
    tap(productId: string, name: string, kind: TapKind) {
      taps?.tap(productId, name, kind)
    },
  }
}

export type StockTapsHandle = ReturnType<typeof useStockTaps>
