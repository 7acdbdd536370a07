// Two-factor sign-in in tests: codes computed from a factor's secret for a chosen
// time step (RFC 6238, as an authenticator app computes them), and the steps to ask for.
import type { SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'

const STEP_MS = 30_000

/** The code an authenticator app shows for `secret` during time step `step`. */
export const codeAt = (secret: string, step: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS })

/**
 * The current time step, once there are at least 5 s of it left: a test's codes for this step and
 * its neighbours then mean the same to the stack's clock when they arrive.
 */
export async function steadyStep(): Promise<number> {
  const left = STEP_MS - (Date.now() % STEP_MS)
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50))
  return Math.floor(Date.now() / STEP_MS)
}

/** Enrolls a TOTP factor through supabase-js and returns its id and secret. */
export async function enrollTotp(client: SupabaseClient, friendlyName = 'Phone') {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName })
  if (error || !data) throw new Error(`enroll failed: ${error?.message}`)
  return { id: data.id, secret: data.totp.secret, data }
}

/** A new challenge on the factor answered with the code of `step`. */
export async function answer(client: SupabaseClient, factorId: string, secret: string, step: number) {
  const challenge = await client.auth.mfa.challenge({ factorId })
  if (challenge.error) throw new Error(`challenge failed: ${challenge.error.message}`)
  return client.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: codeAt(secret, step) })
}
