import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { validationFailed } from './auth-errors.ts'
import type { AuthRequest } from './auth-context.ts'
import { allowedRedirect, sendAuthEmail } from './auth-mail.ts'
import { optionalString, type JsonObject } from './request-body.ts'
import { validateEmail } from './signup.ts'
import { findUserByEmail } from './users.ts'

/** With PKCE (the SSR client's default), the emailed link ends in ?code=, exchanged with the verifier. */
export async function savePkceFlow(q: Queryable, body: JsonObject, userId: string, method: 'email/signup' | 'recovery'): Promise<void> {
  const challenge = optionalString(body, 'code_challenge')
  const challengeMethod = optionalString(body, 'code_challenge_method')
  if (!challenge || !challengeMethod) return
  if (!['s256', 'plain'].includes(challengeMethod.toLowerCase())) throw validationFailed(`code challenge method not supported: ${challengeMethod}`)
  await q.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'email', $6, now(), now())`,
    [randomUUID(), userId, randomUUID(), challengeMethod.toLowerCase(), challenge, method],
  )
}

/** POST /recover: a password-reset email, if the address has an account; the answer never says whether it has. */
export async function recover(a: AuthRequest): Promise<JsonObject> {
  const body = await a.body()
  const email = validateEmail(optionalString(body, 'email'))
  const redirectTo = allowedRedirect(a, a.url.searchParams.get('redirect_to') ?? optionalString(body, 'redirect_to'))
  await a.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user || user.is_anonymous) return
    await savePkceFlow(tx, body, user.id, 'recovery')
    await sendAuthEmail(a, tx, user, 'recovery', redirectTo)
  })
  return {}
}

/** POST /resend {type: 'signup', email}: the confirmation again, for an account not yet confirmed. */
export async function resend(a: AuthRequest): Promise<JsonObject> {
  const body = await a.body()
  const type = optionalString(body, 'type')
  if (type !== 'signup') throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change')
  const email = validateEmail(optionalString(body, 'email'))
  const redirectTo = allowedRedirect(a, a.url.searchParams.get('redirect_to'))
  await a.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user || user.email_confirmed_at) return
    await savePkceFlow(tx, body, user.id, 'email/signup')
    await sendAuthEmail(a, tx, user, 'confirmation', redirectTo)
  })
  return {}
}

