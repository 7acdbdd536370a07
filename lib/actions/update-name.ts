'use server'

import { revalidatePath } from 'next/cache'
import { nameSchema } from '@/lib/validations/auth'
import { validatedAction } from './validated-action'

/**
 * "Your name" (the account menu): the auth server keeps it as the account's full name, as sign-up
 * does; then every shop the caller works in shows it beside what they did.
 */
export const updateName = validatedAction(
  nameSchema,
  async ({ fullName }, { supabase }) => {
    const { error } = await supabase.auth.updateUser({ data: { full_name: fullName } })
    if (error) return { ok: false, message: error.message }
    const { error: syncError } = await supabase.rpc('sync_my_name')
    if (syncError) return { ok: false, message: `Your name is saved, but your shops could not be told (${syncError.message}). Save it again in a minute.` }
    revalidatePath('/', 'layout')
    return { ok: true, message: `The stock history and the reports show you as ${fullName}.` }
  },
  { requireUser: true, anyShop: true },
)
