'use server'

import { createShop as insertShop } from '@/lib/data/shops'
import { createShopSchema } from '@/lib/validations/shop'
import { validatedAction } from './validated-action'

export const createShop = validatedAction(
  createShopSchema,
  async (input, { supabase, userId }) => {
    const result = await insertShop(supabase, userId, input)
    if (!result.ok) return { ok: false, message: result.message }
    return { ok: true, message: result.shop.name }
  },
  { requireUser: true },
)
