'use server'

import { revalidatePath } from 'next/cache'
import { getShopChoice } from '@/lib/data/shops'
import { getStocktake } from '@/lib/data/stocktakes'
import { runsShop } from '@/lib/shops/roles'
import { closeStocktake } from '@/lib/workflows/close-stocktake'
import { STOCKTAKE_NOT_FOUND, stocktakeSchema } from '@/lib/validations/stocktake'
import { RUNS_SHOP_MESSAGE } from './product-action-results'
import { validatedAction } from './validated-action'

/** Throws a stocktake away: its photos from storage and every row of it. A confirmed one is history and stays. */
export const discardStocktake = validatedAction(
  stocktakeSchema,
  async ({ session_id }, { supabase }) => {
    // Staff may remove photos but not the stocktake: asked first, before its files are gone.
    const [session, choice] = await Promise.all([getStocktake(supabase, session_id), getShopChoice(supabase)])
    const role = choice?.shops.find((shop) => shop.id === session?.shop_id)?.role
    if (role && !runsShop(role)) return { ok: false, message: RUNS_SHOP_MESSAGE }
    if (!session) return { ok: false, message: STOCKTAKE_NOT_FOUND }
    if (session.status === 'confirmed') return { ok: false, message: 'A confirmed stocktake is in the stock ledger and cannot be discarded' }
    await closeStocktake(supabase, session, 'discard')
    revalidatePath('/upload')
    return { ok: true, message: 'Stocktake discarded: its photos and counts are gone' }
  },
  { requireUser: true },
)
