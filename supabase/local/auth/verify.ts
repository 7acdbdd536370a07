import { randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { AuthError, validationFailed } from './auth-errors.ts'
import type { AuthRequest, Reply } from './auth-context.ts'
import { allowedRedirect, TOKEN_COLUMNS, tokenHashOf, type EmailKind } from './auth-mail.ts'
import { optionalString, type JsonObject } from './request-body.ts'
import { hashPassword } from './passwords.ts'
import { clientInfo, openSession, tokenResponse } from './sessions.ts'
import { findUserByEmail, findUserById } from './users.ts'

const KINDS: Record<string, EmailKind> = {
  signup: 'confirmation',
  email: 'confirmation',
  magiclink: 'confirmation',
  recovery: 'recovery',
  invite: 'invite',
}
const expired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
const linkExpired = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')

function kindOf(type: string | null | undefined): EmailKind {
  const kind = type ? KINDS[type] : undefined
  if (!kind) throw validationFailed('Verify requires a verification type')
  return kind
}

/** Uses up a token: the user it belongs to, confirmed (a recovery confirms too), or 403 otp_expired. */
async function redeem(a: AuthRequest, q: Queryable, kind: EmailKind, tokenHash: string, refusal = linkExpired): Promise<string> {
  const { token, sentAt } = TOKEN_COLUMNS[kind]
  const { rows } = await q.query<{ id: string }>(
    `update auth.users set ${token} = '', updated_at = now(), email_confirmed_at = coalesce(email_confirmed_at, now()),
            raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb
      where ${token} = $1 and ${token} <> '' and ${sentAt} + make_interval(secs => $2) > now()
      returning id::text`,
    [tokenHash, a.config.otpExpirySeconds],
  )
  const userId = rows[0]?.id
  if (!userId) throw refusal()
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1::uuid and provider = 'email'`,
    [userId],
  )
  return userId
}

/** GoTrue's signupVerify: an invited user without a password gets a random one until they choose their own. */
async function passwordForInvitee(q: Queryable, userId: string): Promise<void> {
  const { rows } = await q.query(
    `select 1 from auth.users where id = $1::uuid and coalesce(encrypted_password, '') = '' and invited_at is not null`,
    [userId],
  )
  if (rows.length === 0) return
  const hash = await hashPassword(randomBytes(48).toString('base64url'))
  await q.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid', [userId, hash])
}

/** The session GoTrue's verify issues: amr "otp" whatever the email was. */
async function signIn(a: AuthRequest, q: Queryable, userId: string, kind: EmailKind): Promise<JsonObject> {
  if (kind !== 'recovery') await passwordForInvitee(q, userId)
  const session = await openSession(q, userId, clientInfo(a.req, a.config), 'otp')
  return tokenResponse(q, a, userId, session)
}

/** POST /verify {type, token_hash} or {type, email, token}: the session, as verifyOtp() expects. */
export async function verifyToken(a: AuthRequest): Promise<JsonObject> {
  const body = await a.body()
  const kind = kindOf(optionalString(body, 'type'))
  const tokenHash = optionalString(body, 'token_hash')
  const token = optionalString(body, 'token')
  const email = optionalString(body, 'email')?.trim().toLowerCase()
  if (!tokenHash && !(token && email)) throw validationFailed('Verify requires either a token hash or an email and a token')
  return a.db.transaction(async (tx) => {
    const hash = tokenHash ?? tokenHashOf(email!, token!)
    if (!tokenHash && !(await findUserByEmail(tx, email!))) throw expired()
    return signIn(a, tx, await redeem(a, tx, kind, hash, tokenHash ? linkExpired : expired), kind)
  })
}

const redirect = (location: string): Reply => ({ status: 303, headers: { Location: location } })

/**
 * GET /verify?token&type&redirect_to, the link in GoTrue's default emails: to redirect_to
 * with ?code= (PKCE) or the session in the fragment, or the error in the fragment.
 */
export async function verifyLink(a: AuthRequest): Promise<Reply> {
  const params = a.url.searchParams
  const to = allowedRedirect(a, params.get('redirect_to'))
  const type = params.get('type') ?? ''
  try {
    const kind = kindOf(type)
    const token = params.get('token') ?? ''
    if (!token) throw expired()
    return await a.db.transaction(async (tx) => {
      const userId = await redeem(a, tx, kind, token)
      const { rows } = await tx.query<{ auth_code: string }>(
        `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
          where id = (select id from auth.flow_state where user_id = $1::uuid and authentication_method = $2 order by created_at desc limit 1)
          returning auth_code`,
        [userId, kind === 'recovery' ? 'recovery' : 'email/signup'],
      )
      const code = rows[0]?.auth_code
      if (code) return redirect(`${to}${to.includes('?') ? '&' : '?'}code=${code}`)
      if (!(await findUserById(tx, userId))) throw expired()
      const session = await signIn(a, tx, userId, kind)
      const fragment = new URLSearchParams({
        access_token: String(session.access_token),
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: String(session.refresh_token),
        token_type: 'bearer',
        type,
      })
      return redirect(`${to}#${fragment}`)
    })
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    const fragment = new URLSearchParams({ error: 'access_denied', error_code: error.code, error_description: 'Email link is invalid or has expired' })
    return redirect(`${to}#${fragment}`)
  }
}
