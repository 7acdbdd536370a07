'use server'

import { z } from 'zod'
import { validatedAction } from './validated-action'

/**
 * Ends every other session of this user (GoTrue's logout scope "others"): their refresh tokens stop
 * working at once, so another device is asked for the password when its access token next needs
 * renewing (within the hour). This device stays signed in.
 */
export const signOutOthers = validatedAction(
  z.object({}),
  async (_data, { supabase }) => {
    const { error } = await supabase.auth.signOut({ scope: 'others' })
    if (error) return { ok: false, message: error.message }
    return { ok: true, message: 'Your other devices are signed out.' }
  },
  { requireUser: true, anyShop: true },
)
