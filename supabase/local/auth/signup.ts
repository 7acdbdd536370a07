import { AuthError, badRequest, validationFailed } from './auth-errors.ts'
import type { AuthRequest } from './auth-context.ts'
import { signupAnonymously } from './anonymous.ts'
import { assertStrongPassword, hashPassword } from './passwords.ts'
import { optionalObject, optionalString, type JsonObject } from './request-body.ts'
import { allowedRedirect, sendAuthEmail } from './auth-mail.ts'
import { savePkceFlow } from './recover.ts'
import { clientInfo, openSession, tokenResponse } from './sessions.ts'
import { findUserByEmail, findUserById, insertUser, loadUserJson } from './users.ts'

// The format check of GoTrue's validateEmail (badoux/checkmail).
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** Trimmed, validated and lowercased. */
export function validateEmail(raw: string | undefined): string {
  const email = (raw ?? '').trim()
  if (!email) throw validationFailed('An email address is required')
  if (email.length > 255) throw validationFailed('An email address is too long')
  if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format')
  return email.toLowerCase()
}

export const userAlreadyExists = () => new AuthError(422, 'user_already_exists', 'User already registered')

export const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered')

export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

function validatePkceParams(challenge: string | undefined, method: string | undefined): void {
  if (!challenge && !method) return
  if (!challenge || !method) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge')
  if (!['s256', 'plain'].includes(method.toLowerCase())) {
    throw validationFailed(`code challenge method not supported: ${method}`)
  }
}

/**
 * POST /signup. With mailer autoconfirm (enable_confirmations off): creates a confirmed user
 * and signs it in. With confirmations on: creates the user unconfirmed, emails the link and
 * answers the user without a session; signing up again unconfirmed sends the link again.
 * Without email and phone (empty strings included) it is an anonymous sign-in, as GoTrue routes it.
 */
export async function signup(a: AuthRequest): Promise<JsonObject> {
  const body = await a.body()
  const rawEmail = optionalString(body, 'email')
  const phone = optionalString(body, 'phone')
  if (!rawEmail && !phone) return signupAnonymously(a, body)
  const password = optionalString(body, 'password') ?? ''
  const data = optionalObject(body, 'data') ?? {}
  optionalObject(body, 'gotrue_meta_security')
  if (!password) throw validationFailed('Signup requires a valid password')
  assertStrongPassword(password, a.config.minimumPasswordLength)
  if (phone && rawEmail) throw validationFailed('Only an email address or phone number should be provided on signup.')
  if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
  validatePkceParams(optionalString(body, 'code_challenge'), optionalString(body, 'code_challenge_method'))
  const email = validateEmail(rawEmail)

  const existing = await findUserByEmail(a.db, email)
  if (existing && (existing.email_confirmed_at || !a.config.enableConfirmations)) throw userAlreadyExists()
  const redirectTo = allowedRedirect(a, a.url.searchParams.get('redirect_to'))
  if (existing) {
    return a.db.transaction(async (tx) => {
      await sendAuthEmail(a, tx, existing, 'confirmation', redirectTo)
      return loadUserJson(tx, existing)
    })
  }
  const passwordHash = await hashPassword(password)
  try {
    return await a.db.transaction(async (tx) => {
      const userId = await insertUser(tx, { email, passwordHash, userMetadata: data, confirm: !a.config.enableConfirmations })
      if (a.config.enableConfirmations) {
        const user = (await findUserById(tx, userId))!
        await savePkceFlow(tx, body, userId, 'email/signup')
        await sendAuthEmail(a, tx, user, 'confirmation', redirectTo)
        return loadUserJson(tx, user)
      }
      const session = await openSession(tx, userId, clientInfo(a.req, a.config), 'password')
      return tokenResponse(tx, a, userId, session)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw userAlreadyExists()
    throw error
  }
}
