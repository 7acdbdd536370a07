'use client'

import { z } from 'zod'
import { adjustStock } from '@/lib/actions/adjust-stock'
import type { ActionState } from '@/lib/actions/action-state'
import { BACKEND_UNREACHABLE_MESSAGE } from '@/lib/http/outage'
import type { StockTaps } from '@/lib/products/stock-taps'
import { adjustStockSchema } from '@/lib/validations/stock'

export const KEPT_ON_PHONE = 'It is kept on this phone and syncs when you are back online.'
export const COUNT_NEEDS_CONNECTION = 'Setting a count needs a connection: ShelfSnap compares it with the stock at that moment. Add or remove instead.'

/**
 * The stock form's change into the phone's outbox, checked as the server would check it: with
 * no network, or when the request got no answer (it may have been booked: the outbox sends it
 * again with the same request id). A count is not kept: it is only right against the stock now.
 */
function keep(taps: StockTaps, name: string, data: FormData): ActionState {
  const parsed = adjustStockSchema.safeParse(Object.fromEntries(data))
  if (!parsed.success) return { ok: false, message: 'Check the highlighted fields', fieldErrors: z.flattenError(parsed.error).fieldErrors }
  const { product_id, mode, amount, reason, note, request_id } = parsed.data
  if (mode === 'count') return { ok: false, message: COUNT_NEEDS_CONNECTION }
  taps.adjust({ productId: product_id, name, sign: mode === 'remove' ? -1 : 1, count: amount, reason, note, requestId: request_id })
  return { ok: true, message: KEPT_ON_PHONE }
}

/** adjustStock(), or the outbox when the network is gone or does not answer. */
export function adjustOrKeep(taps: StockTaps | null, name: string) {
  return async (previous: ActionState, data: FormData): Promise<ActionState> => {
    if (taps && !navigator.onLine) return keep(taps, name, data)
    try {
      const result = await adjustStock(previous, data)
      return taps && result.message === BACKEND_UNREACHABLE_MESSAGE ? keep(taps, name, data) : result
    } catch (error) {
      if (taps) return keep(taps, name, data)
      throw error
    }
  }
}
