'use server'

import { revalidatePath } from 'next/cache'
import { confirmReview, getReview } from '@/lib/data/stocktake-review'
import { confirmStocktakeSchema } from '@/lib/validations/stocktake'
import type { ReviewState } from './edit-stocktake'
import { validatedAction } from './validated-action'

/**
 * Books the review the owner saw, exactly once. If the ledger moved since
 * (a sale at the till), nothing is booked and the new review comes back.
 */
export const confirmStocktake = validatedAction(
  confirmStocktakeSchema,
  async ({ session_id, version }, { supabase }): Promise<ReviewState> => {
    const result = await confirmReview(supabase, session_id, version)
    if (!result.ok) return { ok: false, message: result.message, review: result.stale ? ((await getReview(supabase, session_id)) ?? undefined) : undefined }
    revalidatePath('/app/products', 'layout')
    revalidatePath(`/stocktakes/${session_id}`)
    revalidatePath('/upload')
    // The page is rendered again, confirmed, from what was booked: no review to send back.
    if (result.alreadyConfirmed) return { ok: true, message: 'This stocktake was already confirmed. Nothing was applied twice.' }
    const products = result.changed === 1 ? '1 product' : `${result.changed} products`
    return { ok: true, message: `Stocktake confirmed: stock updated for ${products}` }
  },
  { requireUser: true },
)
