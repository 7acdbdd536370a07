'use server'

import { z } from 'zod'
import { openStocktake } from '@/lib/data/stocktakes'
import type { ActionState } from './action-state'
import { validatedAction } from './validated-action'

export interface StartStocktakeState extends ActionState {
  sessionId?: string
  shopId?: string
}

/** The shop's open stocktake, or a new one: its photos are uploaded into its folder next. */
export const startStocktake = validatedAction(
  z.object({}),
  async (_data, { supabase }): Promise<StartStocktakeState> => {
    const opened = await openStocktake(supabase)
    if (!opened.ok) return opened
    return { ok: true, sessionId: opened.session.id, shopId: opened.session.shop_id }
  },
  { requireUser: true },
)
