'use server'

import { headers } from 'next/headers'
import { passwordResetSchema, signInSchema, updatePasswordSchema } from '@/lib/validations/auth'
import { validatedAction } from './validated-action'

const origin = async () => (await headers()).get('origin') ?? 'http://localhost:3000'

/** "Resend confirmation": the sign-up link again, for an address not yet confirmed. */
export const resendConfirmation = validatedAction(signInSchema.pick({ email: true }), async ({ email }, { supabase }) => {
  const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${await origin()}/auth/confirm?next=/` } })
  if (error) return { ok: false, message: error.message }
  return { ok: true, message: `We sent a new confirmation link to ${email}.` }
}, { limit: 'resend-confirmation' })

/** "Forgot password?": a reset link by email. The answer is the same whether the address has an account or not. */
export const requestPasswordReset = validatedAction(passwordResetSchema, async ({ email }, { supabase }) => {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${await origin()}/auth/confirm?next=/auth/update-password` })
  if (error) return { ok: false, message: error.message }
  return { ok: true, message: `If ${email} has a ShelfSnap account, we sent it a link to choose a new password.` }
}, { limit: 'password-reset' })

/** /auth/update-password, signed in by the emailed link. */
export const updatePassword = validatedAction(
  updatePasswordSchema,
  async ({ password }, { supabase }) => {
    const { error } = await supabase.auth.updateUser({ password })
    if (error) return { ok: false, message: error.message }
    return { ok: true, message: 'Your password is changed.' }
  },
  { requireUser: true, anyShop: true },
)

