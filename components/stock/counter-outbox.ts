'use client'

import { toast } from 'sonner'
import { adjustStock, bookStockTaps, undoStockTaps, type TapActionState } from '@/lib/actions/adjust-stock'
import { initialActionState, NO_USER_MESSAGE, OTHER_USER_MESSAGE } from '@/lib/actions/action-state'
import type { OutboxEntry } from '@/lib/offline/device-db'
import { keepStock } from '@/lib/offline/catalogue-copy'
import { outboxStore } from '@/lib/offline/outbox-store'
import { plural } from '@/lib/format/plural'
import { StockTaps, type BookResult } from '@/lib/products/stock-taps'
import { BACKEND_UNREACHABLE_MESSAGE } from '@/lib/http/outage'
import { newRequestId } from '@/lib/request-id'
import { announceStockChanged } from '@/lib/stock-events'

/** Taps closer together than this are one sale (or one receipt). */
export const QUIET_MS = 1500

export const SIGNED_OUT_HOLD = 'You were signed out. Sign in again to send the changes waiting on this phone.'

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

function send(entry: OutboxEntry): Promise<TapActionState> {
  const mine = { product_id: entry.productId, request_id: entry.requestId, user_id: entry.userId }
  if (entry.kind !== 'adjust') return bookStockTaps(initialActionState, form({ ...mine, kind: entry.kind, count: String(entry.count) }))
  const mode = entry.sign === -1 ? 'remove' : 'add'
  return adjustStock(initialActionState, form({ ...mine, mode, amount: String(entry.count), reason: entry.reason ?? '', note: entry.note ?? '' }))
}

async function book(entry: OutboxEntry): Promise<BookResult> {
  const state = await send(entry)
  if (state.ok && state.qty !== undefined) return { ok: true, qty: state.qty }
  // The server could not ask the database in time: the change may land when it answers.
  if (state.message === BACKEND_UNREACHABLE_MESSAGE) return { ok: false, unanswered: true }
  if (state.message === NO_USER_MESSAGE) return { ok: false, held: SIGNED_OUT_HOLD }
  if (state.message === OTHER_USER_MESSAGE) return { ok: false, held: OTHER_USER_MESSAGE }
  return { ok: false, message: state.message ?? 'Stock not changed', qty: state.qty }
}

/** What a change did, in the owner's words: "Sold 2 × Cola Can". */
export function describeChange(entry: OutboxEntry): string {
  const verb = entry.kind === 'sold' ? 'Sold' : entry.kind === 'received' ? 'Received' : entry.sign === -1 ? 'Removed' : 'Added'
  return `${verb} ${entry.count} × ${entry.name}`
}

async function undo(taps: StockTaps, entry: OutboxEntry) {
  const state: TapActionState = await undoStockTaps(initialActionState, form({ product_id: entry.productId, request_id: entry.requestId })).catch(
    () => ({ ok: false, message: 'No connection: try again when you are back online.' }),
  )
  if (!state.ok || state.qty === undefined) {
    toast.error('Could not undo', { description: state.message })
    return
  }
  taps.setStored(entry.productId, state.qty)
  void keepStock(entry.userId, entry.productId, state.qty).catch(() => {})
  announceStockChanged()
  toast.success(`Undone: ${entry.name}`, { description: `Stock is now ${state.qty}` })
}

function counterTaps(userId: string): StockTaps {
  let synced = 0
  const taps: StockTaps = new StockTaps({
    userId,
    store: outboxStore(userId),
    quietMs: QUIET_MS,
    newId: newRequestId,
    online: navigator.onLine,
    book,
    onBooked(entry, qty, late) {
      void keepStock(userId, entry.productId, qty).catch(() => {})
      announceStockChanged()
      if (late) {
        // Changes kept offline: one message for them all, not a toast each.
        synced += 1
        toast.success(`${plural(synced, 'change')} synced`, { id: 'outbox-synced', description: `${describeChange(entry)}: stock is now ${qty}`, onAutoClose: () => (synced = 0), onDismiss: () => (synced = 0) })
        return
      }
      toast.success(describeChange(entry), {
        description: `Stock is now ${qty}`,
        // Long enough to notice a wrong tap and undo it.
        duration: 10_000,
        action: entry.kind === 'adjust' ? undefined : { label: 'Undo', onClick: () => void undo(taps, entry) },
      })
    },
    onRefused(_, message) {
      toast.error('Stock not changed', { description: message })
    },
    onConflict({ entry, message, qty }) {
      if (qty !== undefined) void keepStock(userId, entry.productId, qty).catch(() => {})
      toast.error(`Not booked: ${describeChange(entry)}`, { description: message })
    },
  })
  return taps
}

const outboxes = new Map<string, StockTaps>()

/** The signed-in user's outbox, one per page: another user's stops sending when this one starts. */
export function counterOutbox(userId: string): StockTaps {
  for (const [other, taps] of outboxes) {
    if (other === userId) continue
    taps.stop()
    outboxes.delete(other)
  }
  let taps = outboxes.get(userId)
  if (!taps) {
    taps = counterTaps(userId)
    outboxes.set(userId, taps)
  }
  return taps
}
