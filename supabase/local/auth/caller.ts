import { forwardedToken } from '../gateway.ts'
import { JwtError, type JwtClaims } from '../tokens.ts'
import { AuthError, validationFailed } from './auth-errors.ts'
import type { AuthRequest } from './auth-context.ts'
import { isUuid } from '../uuid.ts'
import { findUserById, type UserRow } from './users.ts'

export interface AuthenticatedUser {
  user: UserRow
  claims: JwtClaims
  sessionId: string | null
}

const badJwt = (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`)
const badClaim = (detail: string) => new AuthError(403, 'bad_jwt', `invalid claim: ${detail}`)

const JWT_DETAIL: Record<JwtError['kind'], string> = {
  malformed: 'token is malformed',
  signature: 'token signature is invalid',
  expired: 'token has invalid claims: token is expired',
  claims: 'token has invalid claims',
}

/** The verified claims of the token the gateway would forward (§1 key mapping). */
export async function bearerClaims(a: AuthRequest): Promise<JwtClaims> {
  const token = forwardedToken(a.req.headers)
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  try {
    return await a.tokens.verify(token)
  } catch (error) {
    if (error instanceof JwtError) throw badJwt(JWT_DETAIL[error.kind])
    throw error
  }
}

/** GoTrue's requireAuthentication + loadUser/loadSession, for user endpoints. */
export async function requireUser(a: AuthRequest): Promise<AuthenticatedUser> {
  const claims = await bearerClaims(a)
  const sub = claims.sub
  if (typeof sub !== 'string' || sub === '') throw badClaim('missing sub claim')
  if (!isUuid(sub)) throw badClaim('sub claim must be a UUID')
  const user = await findUserById(a.db, sub)
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')

  let sessionId: string | null = null
  if (claims.session_id !== undefined) {
    const id = claims.session_id
    const exists =
      typeof id === 'string' &&
      isUuid(id) &&
      (await a.db.query('select 1 from auth.sessions where id = $1::uuid and user_id = $2::uuid', [id, sub])).rows
        .length > 0
    if (!exists) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    sessionId = id
  }
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!aud.includes('authenticated')) throw validationFailed("Token audience doesn't match request audience")
  return { user, claims, sessionId }
}

/** Admin endpoints: the token's role must be one of GOTRUE_JWT_ADMIN_ROLES (service_role). */
export async function requireAdmin(a: AuthRequest): Promise<void> {
  if ((await bearerClaims(a)).role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed')
}
