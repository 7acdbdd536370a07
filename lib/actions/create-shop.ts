'use server'

import { forgetShopChoices } from '@/lib/auth/shop-choice-cache'
import { createShop as insertShop } from '@/lib/data/shops'
import { rememberShop } from '@/lib/shops/remember-shop'
import { createShopSchema } from '@/lib/validations/shop'
import { validatedAction } from './validated-action'

export const createShop = validatedAction(
  createShopSchema,
  async (input, { supabase, userId }) => {
    const result = await insertShop(supabase, userId, input)
    if (!result.ok) return { ok: false, message: result.message }
    // a second branch is the one the owner works in next
    await rememberShop(result.shop.id)
    forgetShopChoices([userId])
    return { ok: true, message: result.shop.name }
  },
  { requireUser: true, anyShop: true },
)
