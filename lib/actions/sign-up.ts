'use server'

import { headers } from 'next/headers'
import { signUpSchema } from '@/lib/validations/auth'
import { validatedAction } from './validated-action'

export const signUp = validatedAction(signUpSchema, async ({ email, password, fullName }, { supabase }) => {
  const origin = (await headers()).get('origin') ?? undefined
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: `${origin ?? ''}/auth/confirm?next=/`, data: { full_name: fullName } },
  })
  if (error) return { ok: false, message: error.message }
  // Only when the project requires email confirmation: no session until the emailed link is followed.
  if (!data.session) return { ok: true, message: `We sent a link to ${email}: follow it to confirm your account.`, confirmEmail: email }
  return { ok: true }
}, { limit: 'sign-up' })
