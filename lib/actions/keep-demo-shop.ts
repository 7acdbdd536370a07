'use server'

import { keepShopSchema } from '@/lib/validations/auth'
import { ALREADY_KEPT, CHECK_EMAIL } from '@/lib/demo/demo-result'
import { isAnonymousClaims } from '@/lib/demo/demo-visitor'
import { validatedAction } from './validated-action'

/**
 * A demo visitor keeps their shop by giving the anonymous account an email
 * and a password (Supabase Auth's updateUser converts it: same user, same shop).
 */
export const keepDemoShop = validatedAction(
  keepShopSchema,
  async ({ email, password }, { supabase }) => {
    const { data: claims } = await supabase.auth.getClaims()
    if (!isAnonymousClaims(claims?.claims)) return { ok: false, message: ALREADY_KEPT }
    const { data, error } = await supabase.auth.updateUser({ email, password })
    if (error) return { ok: false, message: error.message }
    // When the project confirms emails, the address changes only once the link is followed.
    if (data.user.is_anonymous || data.user.email !== email) return { ok: false, message: CHECK_EMAIL }
    // The access token still says is_anonymous until a new one is issued.
    const { error: refreshError } = await supabase.auth.refreshSession()
    if (refreshError) return { ok: false, message: refreshError.message }
    return { ok: true, message: email }
  },
  { requireUser: true, allErrors: true },
)
