'use server'

import { rememberSecondStep } from '@/lib/auth/second-step'
import { signInSchema } from '@/lib/validations/auth'
import { validatedAction } from './validated-action'

export const signIn = validatedAction(signInSchema, async ({ email, password }, { supabase }) => {
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error?.code === 'email_not_confirmed') {
    return { ok: false, message: 'Confirm your email address first: follow the link we sent you.', confirmEmail: email }
  }
  if (error) return { ok: false, message: error.message }
  await rememberSecondStep(data.user)
  return { ok: true }
}, { limit: 'sign-in' })
