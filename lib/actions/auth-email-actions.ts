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

/** The auth server's answers about the current password (GoTrue's error codes). */
const CURRENT_PASSWORD_CODES = new Set(['current_password_required', 'current_password_mismatch', 'current_password_invalid'])

/**
 * /auth/update-password: signed in by the emailed link, or from the account menu, where the auth
 * server asks for the current password (a phone left signed in does not give the account away).
 */
export const updatePassword = validatedAction(
  updatePasswordSchema,
  async ({ current_password, password }, { supabase }) => {
    const { error } = await supabase.auth.updateUser({ password, ...(current_password ? { current_password } : {}) })
    if (error?.code && CURRENT_PASSWORD_CODES.has(error.code)) {
      const message = current_password ? 'That is not your current password' : 'Enter your current password'
      return { ok: false, message, fieldErrors: { current_password: [message] } }
    }
    if (error) return { ok: false, message: error.message }
    return { ok: true, message: 'Your password is changed.' }
  },
  { requireUser: true, anyShop: true },
)

