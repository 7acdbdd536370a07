'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import type { AuthError } from '@supabase/supabase-js'
import { forgetShopChoices } from '@/lib/auth/shop-choice-cache'
import { safeNextPath } from '@/lib/auth/next-path'
import { rememberSecondStep } from '@/lib/auth/second-step'
import { confirmTwoFactorSchema, signInCodeSchema, turnOffTwoFactorSchema } from '@/lib/validations/two-factor'
import type { ServerSupabase } from '@/lib/supabase/server'
import type { ActionState } from './action-state'
import { validatedAction } from './validated-action'

export interface TwoFactorEnrolment extends ActionState {
  factorId?: string
  /** an SVG data: URL of the otpauth:// link */
  qrCode?: string
  /** the same key, for typing into the app by hand */
  secret?: string
}

export interface SignInCodeState extends ActionState {
  /** where to go now: same-origin only */
  next?: string
}

const APP_NAME = 'Authenticator app'

/** GoTrue's MFA errors in the owner's words. */
function codeRefused(error: AuthError): ActionState {
  const message =
    error.code === 'mfa_verification_failed'
      ? "That code didn't match. Type the newest code your app shows; check the phone's clock is set automatically."
      : error.code === 'mfa_challenge_expired'
        ? 'That took too long. Type the code your app shows now.'
        : error.code === 'insufficient_aal'
          ? 'Sign in with a code from your authenticator app first.'
          : error.message
  return { ok: false, message, fieldErrors: error.code === 'mfa_verification_failed' ? { code: [message] } : undefined }
}

/** Verifies `code` against the factor: the session becomes aal2 (its cookies are rewritten). */
async function verify(supabase: ServerSupabase, factorId: string, code: string): Promise<ActionState | null> {
  const { data, error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code })
  if (error) return codeRefused(error)
  await rememberSecondStep(data.user)
  return null
}

/**
 * Starts turning on two-factor sign-in: a new authenticator factor, not verified yet, with its QR code
 * and key. A half-finished earlier try is removed first, so it never blocks the name.
 */
export const startTwoFactor = validatedAction(
  z.object({}),
  async (_data, { supabase }): Promise<TwoFactorEnrolment> => {
    const { data: factors, error: listError } = await supabase.auth.mfa.listFactors()
    if (listError) return { ok: false, message: listError.message }
    for (const factor of factors.all.filter((f) => f.status === 'unverified')) await supabase.auth.mfa.unenroll({ factorId: factor.id })
    const name = factors.totp.length === 0 ? APP_NAME : `${APP_NAME} ${factors.totp.length + 1}`
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: name, issuer: 'ShelfSnap' })
    if (error) return codeRefused(error)
    return { ok: true, factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret }
  },
  { requireUser: true, anyShop: true },
)

/** The first code from the app: the factor is verified and this session is at aal2. */
export const confirmTwoFactor = validatedAction(
  confirmTwoFactorSchema,
  async ({ factorId, code }, { supabase, userId }) => {
    const refused = await verify(supabase, factorId, code)
    if (refused) return refused
    // a manager's role in a shop that asks for the second step depends on it
    forgetShopChoices([userId])
    // Settings shows the new authenticator (the page is a server component: no client refresh needed).
    revalidatePath('/settings')
    return { ok: true, message: 'From now on ShelfSnap asks for a code from your app after your password.' }
  },
  { requireUser: true, anyShop: true },
)

/** Removes an authenticator (GoTrue asks for an aal2 session to remove a verified one). */
export const turnOffTwoFactor = validatedAction(
  turnOffTwoFactorSchema,
  async ({ factorId }, { supabase, userId }) => {
    const { error } = await supabase.auth.mfa.unenroll({ factorId })
    if (error) return codeRefused(error)
    forgetShopChoices([userId])
    await rememberSecondStep((await supabase.auth.getUser()).data.user)
    revalidatePath('/settings')
    return { ok: true, message: 'ShelfSnap no longer asks for a code when you sign in.' }
  },
  { requireUser: true, anyShop: true },
)

/** After the password: the code from the app, then on to `next`. */
export const verifySignInCode = validatedAction(
  signInCodeSchema,
  async ({ code, next }, { supabase }): Promise<SignInCodeState> => {
    const { data: factors, error } = await supabase.auth.mfa.listFactors()
    if (error) return { ok: false, message: error.message }
    // A second phone is a second factor: the code may be either one's.
    let refused: ActionState | null = null
    for (const factor of factors.totp) {
      refused = await verify(supabase, factor.id, code)
      if (!refused) break
    }
    return refused ?? { ok: true, next: safeNextPath(next) }
  },
  { requireUser: true, anyShop: true },
)
