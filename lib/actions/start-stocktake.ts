'use server'

import { z } from 'zod'
import { getShopForUser } from '@/lib/data/shops'
import { createStocktake } from '@/lib/data/stocktakes'
import type { ActionState } from './action-state'
import { validatedAction } from './validated-action'

export interface StartStocktakeState extends ActionState {
  sessionId?: string
  shopId?: string
}

/** Opens a stocktake for the owner's shop; its photos are uploaded into its folder next. */
export const startStocktake = validatedAction(
  z.object({}),
  async (_data, { supabase, userId }): Promise<StartStocktakeState> => {
    const shop = await getShopForUser(supabase, userId)
    if (!shop) return { ok: false, message: 'Create your shop first' }
    return { ok: true, sessionId: await createStocktake(supabase, shop.id), shopId: shop.id }
  },
  { requireUser: true },
)
