import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import { SECRET_KEY, SERVICE_ROLE_KEY, type StackConfig } from '../config.ts'
import type { Queryable } from '../db/database.ts'
import { headerValue } from '../gateway.ts'
import type { Tokens } from '../tokens.ts'
import type { JsonObject } from './request-body.ts'
import { findUserById, INSTANCE_ID, loadUserJson, type UserRow } from './users.ts'

export interface AmrEntry {
  method: string
  timestamp: number
}

export interface ClientInfo {
  ip: string | null
  userAgent: string | null
}

/**
 * Who is calling: the address GoTrue would limit and record. With RATE_LIMIT_HEADER set (config
 * `rateLimitHeader`, e.g. Sb-Forwarded-For) a server calling for its users names each user's address
 * there; as on hosted Supabase, only a caller holding the secret key may, so a browser cannot pick a
 * fresh address per request. Otherwise, and where the header holds no address, the socket's.
 */
export function clientInfo(req: IncomingMessage, config: Pick<StackConfig, 'rateLimitHeader'>): ClientInfo {
  const userAgent = headerValue(req.headers['user-agent']) ?? null
  const forwarded = config.rateLimitHeader ? headerValue(req.headers[config.rateLimitHeader.toLowerCase()]) : undefined
  const address = forwarded?.split(',')[0]?.trim()
  if (address && isIP(address) && callerHoldsSecretKey(req)) return { ip: address, userAgent }
  return { ip: req.socket.remoteAddress ?? null, userAgent }
}

function callerHoldsSecretKey(req: IncomingMessage): boolean {
  const apikey = headerValue(req.headers.apikey)
  return apikey === SECRET_KEY || apikey === SERVICE_ROLE_KEY
}

export const nowSeconds = () => Math.floor(Date.now() / 1000)

export async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5::uuid)`,
    [INSTANCE_ID, token, userId, parent, sessionId],
  )
  return token
}

/** GoTrue's GrantRefreshTokenSwap: `current` is revoked and a child of it issued in its place. */
export async function swapRefreshToken(tx: Queryable, userId: string, sessionId: string, current: { id: string; token: string }): Promise<string> {
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and not coalesce(revoked, false)', [current.id])
  return insertRefreshToken(tx, userId, sessionId, current.token)
}

/** The session's newest unrevoked refresh token. */
export async function activeRefreshToken(tx: Queryable, sessionId: string) {
  const { rows } = await tx.query<{ id: string; token: string; parent: string | null }>(
    `select id::text, token, parent from auth.refresh_tokens
     where session_id = $1::uuid and not coalesce(revoked, false) order by id desc limit 1`,
    [sessionId],
  )
  return rows[0] ?? null
}

export interface OpenedSession {
  sessionId: string
  refreshToken: string
}

/** How a session was signed in: GoTrue's models.AuthenticationMethod names, as the token's amr says them. */
export type AuthMethod = 'password' | 'otp' | 'anonymous' | 'totp' | 'email/signup' | 'recovery' | 'invite' | 'magiclink'

/** A second factor: a session holding one of these is aal2 (GoTrue's AMRClaim.IsAAL2Claim). */
const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn'])

/** GoTrue's AddClaimToSession: the method's row for the session, its time renewed if it was there already. */
export async function addAmrClaim(tx: Queryable, sessionId: string, method: AuthMethod): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1::uuid, $2::uuid, now(), now(), $3)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = excluded.updated_at`,
    [randomUUID(), sessionId, method],
  )
}

export interface Assurance {
  aal: 'aal1' | 'aal2'
  amr: AmrEntry[]
}

/** GoTrue's CalculateAALAndAMR: every claim of the session, newest first; aal2 once a second factor is among them. */
export async function sessionAssurance(q: Queryable, sessionId: string): Promise<Assurance> {
  const { rows } = await q.query<{ method: string; timestamp: string | number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::bigint as timestamp
     from auth.mfa_amr_claims where session_id = $1::uuid order by updated_at desc`,
    [sessionId],
  )
  const amr = rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }))
  return { aal: amr.some((entry) => AAL2_METHODS.has(entry.method)) ? 'aal2' : 'aal1', amr }
}

/** A new session (aal1) with its first refresh token and its sign-in method; records the sign-in on user and identity. */
export async function openSession(tx: Queryable, userId: string, client: ClientInfo, method: AuthMethod): Promise<OpenedSession> {
  const sessionId = randomUUID()
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1::uuid, $2::uuid, now(), now(), 'aal1', $3, $4)`,
    [sessionId, userId, client.userAgent, client.ip],
  )
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null)
  await addAmrClaim(tx, sessionId, method)
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1::uuid', [userId])
  await tx.query(
    `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1::uuid and provider = 'email'`,
    [userId],
  )
  return { sessionId, refreshToken }
}

/** What issues access tokens: the claims come from config, the signature from the ES256 key. */
export interface TokenIssuer {
  config: StackConfig
  tokens: Tokens
}

/** GoTrue's AccessTokenClaims, ES256 with the signing key's kid. */
export async function signAccessToken({ config, tokens }: TokenIssuer, user: UserRow, sessionId: string, { aal, amr }: Assurance) {
  const iat = nowSeconds()
  const exp = iat + config.jwtExpiry
  const claims = {
    aud: user.aud || 'authenticated',
    exp,
    iat,
    iss: `${config.publicUrl}/auth/v1`,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  }
  return { token: await tokens.signAccessToken(claims), exp }
}

/** The AccessTokenResponse, with the user as it is now in the database and the session's aal and amr. */
export async function tokenResponse(q: Queryable, issuer: TokenIssuer, userId: string, session: OpenedSession): Promise<JsonObject> {
  const user = await findUserById(q, userId)
  if (!user) throw new Error(`user ${userId} vanished while issuing a token`)
  const { token, exp } = await signAccessToken(issuer, user, session.sessionId, await sessionAssurance(q, session.sessionId))
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: issuer.config.jwtExpiry,
    expires_at: exp,
    refresh_token: session.refreshToken,
    user: await loadUserJson(q, user),
  }
}

export const LOGOUT_SCOPES = ['global', 'local', 'others'] as const
export type LogoutScope = (typeof LOGOUT_SCOPES)[number]

/** Deletes sessions; their refresh tokens go with them (on delete cascade). */
export async function endSessions(q: Queryable, userId: string, sessionId: string | null, scope: LogoutScope) {
  if (scope === 'local') {
    if (sessionId) await q.query('delete from auth.sessions where id = $1::uuid', [sessionId])
  } else if (scope === 'others' && sessionId) {
    await q.query('delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid', [userId, sessionId])
  } else {
    await q.query('delete from auth.sessions where user_id = $1::uuid', [userId])
  }
}
