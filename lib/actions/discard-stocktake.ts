'use server'

import { revalidatePath } from 'next/cache'
import { getStocktake } from '@/lib/data/stocktakes'
import { closeStocktake } from '@/lib/workflows/close-stocktake'
import { STOCKTAKE_NOT_FOUND, stocktakeSchema } from '@/lib/validations/stocktake'
import { validatedAction } from './validated-action'

/** Throws a stocktake away: its photos from storage and every row of it. A confirmed one is history and stays. */
export const discardStocktake = validatedAction(
  stocktakeSchema,
  async ({ session_id }, { supabase }) => {
    const session = await getStocktake(supabase, session_id)
    if (!session) return { ok: false, message: STOCKTAKE_NOT_FOUND }
    if (session.status === 'confirmed') return { ok: false, message: 'A confirmed stocktake is in the stock ledger and cannot be discarded' }
    await closeStocktake(supabase, session, 'discard')
    revalidatePath('/upload')
    return { ok: true, message: 'Stocktake discarded: its photos and counts are gone' }
  },
  { requireUser: true },
)
