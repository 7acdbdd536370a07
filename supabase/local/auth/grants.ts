import { createHash } from 'node:crypto'
import { AuthError, badRequest, invalidCredentials, validationFailed } from './auth-errors.ts'
import type { AuthRequest } from './auth-context.ts'
import { verifyPassword, weakPassword } from './passwords.ts'
import { refreshTokenGrant } from './refresh.ts'
import { optionalString, type JsonObject } from './request-body.ts'
import { clientInfo, openSession, tokenResponse, type AuthMethod } from './sessions.ts'
import { findUserByEmail, findUserById, type UserRow } from './users.ts'

/** POST /token?grant_type=… */
export async function tokenGrant(a: AuthRequest): Promise<JsonObject> {
  const grantType = a.url.searchParams.get('grant_type')
  if (grantType === 'password') return passwordGrant(a, await a.body())
  if (grantType === 'refresh_token') {
    const token = optionalString(await a.body(), 'refresh_token')
    if (!token) {
      throw new AuthError(400, 'validation_failed', 'refresh_token required', {
        error: 'invalid_request',
        error_description: 'refresh_token required',
      })
    }
    return refreshTokenGrant(a, token)
  }
  if (grantType === 'pkce') return pkceGrant(a, await a.body())
  throw badRequest('invalid_credentials', 'unsupported_grant_type')
}

function assertCanSignIn(user: UserRow): void {
  if (user.banned) throw badRequest('user_banned', 'User is banned')
}

async function passwordGrant(a: AuthRequest, body: JsonObject): Promise<JsonObject> {
  const email = (optionalString(body, 'email') ?? '').trim().toLowerCase()
  const phone = optionalString(body, 'phone') ?? ''
  const password = optionalString(body, 'password') ?? ''
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided on login.')
  if (phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
  if (!email) throw validationFailed('missing email or phone')

  const client = clientInfo(a.req, a.config)
  if (!a.signInLimiter.hit([`ip:${client.ip ?? 'unknown'}`, `email:${email}`])) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }
  const user = await findUserByEmail(a.db, email)
  const valid = await verifyPassword(password, user?.encrypted_password ?? null)
  if (!user || !valid) throw invalidCredentials()
  assertCanSignIn(user)
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed')

  const response = await a.db.transaction(async (tx) => {
    const session = await openSession(tx, user.id, client, 'password')
    return tokenResponse(tx, a, user.id, session)
  })
  // GoTrue signs the user in and only reports a password that no longer meets the policy.
  const weak = weakPassword(password, a.config.minimumPasswordLength)
  return weak ? { ...response, weak_password: weak } : response
}

const FLOW_STATE_TTL_SECONDS = 300

interface FlowStateRow {
  id: string
  user_id: string | null
  code_challenge: string
  code_challenge_method: string
  authentication_method: string
  expired: boolean
}

export function pkceMatches(verifier: string, challenge: string, method: string): boolean {
  switch (method.toLowerCase()) {
    case 's256':
      return createHash('sha256').update(verifier).digest('base64url') === challenge
    case 'plain':
      return verifier === challenge
    default:
      return false
  }
}

async function pkceGrant(a: AuthRequest, body: JsonObject): Promise<JsonObject> {
  const authCode = optionalString(body, 'auth_code') ?? ''
  const verifier = optionalString(body, 'code_verifier') ?? ''
  if (!authCode || !verifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty')
  }
  return a.db.transaction(async (tx) => {
    const { rows } = await tx.query<FlowStateRow>(
      `select id::text, user_id::text, code_challenge, code_challenge_method, authentication_method,
         coalesce(auth_code_issued_at, created_at) + make_interval(secs => $2) < now() as expired
       from auth.flow_state where auth_code = $1 for update`,
      [authCode, FLOW_STATE_TTL_SECONDS],
    )
    const flow = rows[0]
    const user = flow?.user_id ? await findUserById(tx, flow.user_id) : null
    if (!flow || !user) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
    if (flow.expired) throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
    if (!pkceMatches(verifier, flow.code_challenge, flow.code_challenge_method)) {
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier')
    }
    assertCanSignIn(user)
    const session = await openSession(tx, user.id, clientInfo(a.req, a.config), flow.authentication_method as AuthMethod)
    await tx.query('delete from auth.flow_state where id = $1::uuid', [flow.id])
    return tokenResponse(tx, a, user.id, session)
  })
}
