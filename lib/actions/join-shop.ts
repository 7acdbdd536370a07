'use server'

import { revalidatePath } from 'next/cache'
import { forgetShopChoices } from '@/lib/auth/shop-choice-cache'
import { acceptInvite } from '@/lib/data/team'
import { rememberShop } from '@/lib/shops/remember-shop'
import { inviteIdSchema } from '@/lib/validations/team'
import { validatedAction } from './validated-action'

/** /join: the signed-in person takes an invitation made to their address. */
export const joinShop = validatedAction(
  inviteIdSchema,
  async ({ id }, { supabase, userId }) => {
    const joined = await acceptInvite(supabase, id)
    if (!joined.ok) return { ok: false, message: joined.message }
    // A member of another shop already works in the one they just joined.
    await rememberShop(joined.value)
    forgetShopChoices([userId])
    revalidatePath('/', 'layout')
    return { ok: true, message: 'Welcome to the team' }
  },
  { requireUser: true, anyShop: true },
)
