'use server'

import { isAuthRetryableFetchError } from '@supabase/supabase-js'
import { z } from 'zod'
import { forgetShopChoices } from '@/lib/auth/shop-choice-cache'
import { seedMyDemoShop } from '@/lib/data/demo-shop'
import { ALREADY_SIGNED_IN } from '@/lib/demo/demo-result'
import { isAnonymousClaims } from '@/lib/demo/demo-visitor'
import { validatedAction } from './validated-action'

/**
 * "View Demo" for a signed-out visitor: an anonymous sign-in (Supabase Auth),
 * then their own demo shop. A demo visitor pressing it again gets the same
 * shop back; a signed-in owner is only sent on to their own shop.
 */
export const tryDemo = validatedAction(z.object({}), async (_input, { supabase }) => {
  const { data } = await supabase.auth.getClaims()
  if (data?.claims && !isAnonymousClaims(data.claims)) return { ok: true, message: ALREADY_SIGNED_IN }
  let userId = data?.claims.sub
  if (!userId) {
    let signedIn = await supabase.auth.signInAnonymously()
    // The request never got an answer: once more (at worst an unused anonymous user is left behind).
    if (isAuthRetryableFetchError(signedIn.error)) signedIn = await supabase.auth.signInAnonymously()
    if (signedIn.error) return { ok: false, message: signedIn.error.message }
    userId = signedIn.data.user?.id
  }
  const seeded = await seedMyDemoShop(supabase)
  if ('error' in seeded) return { ok: false, message: seeded.error }
  if (userId) forgetShopChoices([userId])
  return { ok: true }
})
