'use server'

import { revalidatePath } from 'next/cache'
import { adjustStock as changeStock, setStock } from '@/lib/data/stock-movements'
import { adjustStockSchema } from '@/lib/validations/stock'
import { validatedAction } from './validated-action'

export const adjustStock = validatedAction(
  adjustStockSchema,
  async ({ product_id, mode, amount, reason, note, request_id }, { supabase }) => {
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
      message: result.qtyAfter === null ? 'The count already matched: nothing changed' : `Stock is now ${result.qtyAfter}`,
    }
  },
  { requireUser: true },
)
