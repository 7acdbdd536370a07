'use server'

import { z } from 'zod'
import { forgetShopChoices } from '@/lib/auth/shop-choice-cache'
import { validatedAction } from './validated-action'

/**
 * Ends every other session of this user (GoTrue's logout scope "others"): their refresh tokens stop
 * working at once, so another device is asked for the password when its access token next needs
 * renewing (within the hour). This device stays signed in.
 */
export const signOutOthers = validatedAction(
  z.object({}),
  async (_data, { supabase, userId }) => {
    const { error } = await supabase.auth.signOut({ scope: 'others' })
    if (error) return { ok: false, message: error.message }
    // the ended sessions' pages ask the database again, which answers them no shop
    forgetShopChoices([userId])
    return { ok: true, message: 'Your other devices are signed out.' }
  },
  { requireUser: true, anyShop: true },
)
