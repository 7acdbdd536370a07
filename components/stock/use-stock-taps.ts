'use client'

import { useEffect, useState, useSyncExternalStore } from 'react'
import { toast } from 'sonner'
import { bookStockTaps, undoStockTaps, type TapActionState } from '@/lib/actions/adjust-stock'
import { initialActionState } from '@/lib/actions/action-state'
import { StockTaps, type BookResult, type TapBatch, type TapKind } from '@/lib/products/stock-taps'
import { BACKEND_UNREACHABLE_MESSAGE } from '@/lib/http/outage'
import { newRequestId } from '@/lib/request-id'
import { announceStockChanged } from '@/lib/stock-events'

/** Taps closer together than this are one sale (or one receipt). */
export const QUIET_MS = 1500

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

async function book(batch: TapBatch): Promise<BookResult> {
  const state: TapActionState = await bookStockTaps(
    initialActionState,
    form({ product_id: batch.productId, kind: batch.kind, count: String(batch.count), request_id: batch.requestId }),
  )
  if (state.ok && state.qty !== undefined) return { ok: true, qty: state.qty }
  // The server could not ask the database in time: the change may land when it answers.
  if (state.message === BACKEND_UNREACHABLE_MESSAGE) return { ok: false, unanswered: true }
  return { ok: false, message: state.message ?? 'Stock not changed', qty: state.qty }
}

async function undo(taps: StockTaps, batch: TapBatch, name: string) {
  const state: TapActionState = await undoStockTaps(initialActionState, form({ product_id: batch.productId, request_id: batch.requestId }))
  if (!state.ok || state.qty === undefined) {
    toast.error('Could not undo', { description: state.message })
    return
  }
  taps.setStored(batch.productId, state.qty)
  announceStockChanged()
  toast.success(`Undone: ${name}`, { description: `Stock is now ${state.qty}` })
}

function counterTaps(names: Map<string, string>): StockTaps {
  const taps: StockTaps = new StockTaps({
    quietMs: QUIET_MS,
    newId: newRequestId,
    book,
    onBooked(batch, qty) {
      announceStockChanged()
      const name = names.get(batch.productId) ?? ''
      toast.success(`${batch.kind === 'sold' ? 'Sold' : 'Received'} ${batch.count} × ${name}`, {
        description: `Stock is now ${qty}`,
        // Long enough to notice a wrong tap and undo it.
        duration: 10_000,
        action: { label: 'Undo', onClick: () => void undo(taps, batch, name) },
      })
    },
    onFailed(_batch, message) {
      toast.error('Stock not changed', { description: message })
    },
  })
  return taps
}

/** The counter's stock taps: shown at once, booked together after a quiet moment, with Undo. */
export function useStockTaps() {
  const [names] = useState(() => new Map<string, string>())
  const [taps] = useState(() => counterTaps(names))

  const snapshot = useSyncExternalStore(taps.subscribe, taps.getSnapshot, taps.getSnapshot)

  // Leaving the page sends what is queued at once; closing the tab while anything is on its way asks first.
  useEffect(() => {
    const flush = () => taps.flush()
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [taps])
  useEffect(() => {
    if (!snapshot.busy) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [snapshot.busy])

  // fresh numbers came from the server: forget the ones kept since
  const [reset] = useState(() => () => taps.setStored(null))
  return {
    snapshot,
    reset,
    tap(productId: string, name: string, kind: TapKind) {
      names.set(productId, name)
      taps.tap(productId, kind)
    },
  }
}

export type StockTapsHandle = ReturnType<typeof useStockTaps>
