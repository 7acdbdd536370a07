'use server'

import { z } from 'zod'
import { validatedAction } from './validated-action'

export const signOut = validatedAction(z.object({}), async (_data, { supabase }) => {
  const { error } = await supabase.auth.signOut()
  if (error) return { ok: false, message: error.message }
  return { ok: true }
}, { anyShop: true })
