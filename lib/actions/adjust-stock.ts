'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { getProduct } from '@/lib/data/products'
import { adjustStock as changeStock, setStock, undoStockChange } from '@/lib/data/stock-movements'
import { productIdSchema } from '@/lib/validations/product'
import { adjustStockSchema } from '@/lib/validations/stock'
import { COUNT_ALREADY_MATCHED, OTHER_USER_MESSAGE, type ActionState } from './action-state'
import { validatedAction } from './validated-action'

/** The device's outbox names whose change it sends: another user's session never books it. */
const ownerSchema = z.object({ user_id: z.uuid({ error: 'Invalid request: reload the page and try again' }).optional() })
const sentByOther = (userId: string | undefined, signedIn: string) => userId !== undefined && userId !== signedIn

export const adjustStock = validatedAction(
  adjustStockSchema.and(ownerSchema),
  async ({ product_id, mode, amount, reason, note, request_id, user_id }, { supabase, userId }): Promise<TapActionState> => {
    if (sentByOther(user_id, userId)) return { ok: false, message: OTHER_USER_MESSAGE }
    const change = { productId: product_id, reason, note, requestId: request_id }
    const result =
      mode === 'count'
        ? await setStock(supabase, { ...change, qty: amount })
        : await changeStock(supabase, { ...change, delta: mode === 'add' ? amount : -amount })
    if (!result.ok) return { ok: false, message: result.message, fieldErrors: { amount: [result.message] } }
    revalidatePath('/app/products')
    revalidatePath(`/app/products/${product_id}`)
    return {
      ok: true,
      message: result.qtyAfter === null ? COUNT_ALREADY_MATCHED : `Stock is now ${result.qtyAfter}`,
      qty: result.qtyAfter ?? undefined,
    }
  },
  { requireUser: true },
)

export interface TapActionState extends ActionState {
  /** the stock as stored: after the change, or as it is when the change was refused */
  qty?: number
}

/** More taps than this in one quiet window is not a person at a counter. */
const MAX_TAPS = 1000

const requestIdSchema = z.uuid({ error: 'Invalid request: reload the page and try again' })

const tapsSchema = z.object({
  product_id: productIdSchema,
  kind: z.enum(['sold', 'received'], { error: 'Choose sold or received' }),
  count: z.coerce
    .number({ error: `Taps must be a whole number from 1 to ${MAX_TAPS}` })
    .int({ error: `Taps must be a whole number from 1 to ${MAX_TAPS}` })
    .min(1, { error: `Taps must be a whole number from 1 to ${MAX_TAPS}` })
    .max(MAX_TAPS, { error: `Taps must be a whole number from 1 to ${MAX_TAPS}` }),
  request_id: requestIdSchema,
  user_id: ownerSchema.shape.user_id,
})

// The list at /app/products keeps its own numbers from these answers: it is not rendered again per tap.
/** Taps on "Sold 1" or +1 joined into one change: `count` units with one request id, booked once however often it is sent. */
export const bookStockTaps = validatedAction(
  tapsSchema,
  async ({ product_id, kind, count, request_id, user_id }, { supabase, userId }): Promise<TapActionState> => {
    if (sentByOther(user_id, userId)) return { ok: false, message: OTHER_USER_MESSAGE }
    const delta = kind === 'sold' ? -count : count
    const result = await changeStock(supabase, { productId: product_id, delta, reason: kind, note: null, requestId: request_id })
    if (!result.ok) {
      // Refused (sold out meanwhile): the screen goes to the stored number, not back to its old one.
      const product = await getProduct(supabase, product_id).catch(() => null)
      return { ok: false, message: result.message, qty: product?.qty }
    }
    revalidatePath(`/app/products/${product_id}`)
    return { ok: true, message: `Stock is now ${result.qtyAfter}`, qty: result.qtyAfter ?? undefined }
  },
  { requireUser: true },
)

const undoSchema = z.object({ product_id: productIdSchema, request_id: requestIdSchema })

/** Undo from the toast: the reverse movement of the taps booked with request_id, once. */
export const undoStockTaps = validatedAction(
  undoSchema,
  async ({ product_id, request_id }, { supabase }): Promise<TapActionState> => {
    const result = await undoStockChange(supabase, { productId: product_id, requestId: request_id })
    if (!result.ok) return { ok: false, message: result.message }
    revalidatePath(`/app/products/${product_id}`)
    return { ok: true, message: `Stock is now ${result.qtyAfter}`, qty: result.qtyAfter ?? undefined }
  },
  { requireUser: true },
)
