import { z } from 'zod'

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app'

/** The code as people type it: spaces (apps show "123 456") are dropped. */
const code = z
  .string(TOTP_CODE_MESSAGE)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE))

const factorId = z.uuid('That authenticator could not be found. Reload the page and try again.')

export const confirmTwoFactorSchema = z.object({ factorId, code })
export const turnOffTwoFactorSchema = z.object({ factorId })
export const signInCodeSchema = z.object({ code, next: z.string().max(2000).optional() })
