import type { Database, Queryable } from '../db/database.ts'
import { AuthError, badRequest } from './auth-errors.ts'
import { activeRefreshToken, swapRefreshToken, tokenResponse, type TokenIssuer } from './sessions.ts'
import type { JsonObject } from './request-body.ts'
import { isUuid } from '../uuid.ts'
import { findUserById } from './users.ts'

interface TokenRow {
  id: string
  token: string
  revoked: boolean
  session_id: string | null
  reusable: boolean
}

interface SessionRow {
  id: string
  user_id: string
  expired: boolean
}

type Outcome = { ok: true; response: JsonObject } | { ok: false; error: AuthError }

const refreshError = (code: string, message: string) => badRequest(code, `Invalid Refresh Token: ${message}`)

/**
 * GoTrue's RefreshTokenGrant with rotation. A revoked token is accepted when
 * it is the parent of the session's active token (the active one is returned)
 * or when it was revoked less than refreshTokenReuseInterval seconds ago.
 * Any other reuse ends the whole session and is reported after the commit.
 */
export async function refreshTokenGrant(
  ctx: TokenIssuer & { db: Database },
  refreshToken: string,
): Promise<JsonObject> {
  const { db, config } = ctx
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const { rows } = await tx.query<TokenRow>(
      `select id::text, token, coalesce(revoked, false) as revoked, session_id::text,
         updated_at + make_interval(secs => $2) >= now() as reusable
       from auth.refresh_tokens where token = $1 for update`,
      [refreshToken, config.refreshTokenReuseInterval],
    )
    const token = rows[0]
    if (!token) return fail(refreshError('refresh_token_not_found', 'Refresh Token Not Found'))
    const session = token.session_id ? await lockSession(tx, token.session_id) : null
    if (!session) return fail(refreshError('session_not_found', 'No Valid Session Found'))
    const user = await findUserById(tx, session.user_id)
    if (!user) return fail(refreshError('session_not_found', 'No Valid Session Found'))
    if (user.banned) return fail(refreshError('user_banned', 'User Banned'))
    if (session.expired) return fail(refreshError('session_expired', 'Session Expired'))

    let issued: string | null = null
    if (token.revoked) {
      const active = await activeRefreshToken(tx, session.id)
      if (active && active.parent === token.token) issued = active.token
      else if (!token.reusable) {
        await tx.query('delete from auth.sessions where id = $1::uuid', [session.id])
        return fail(refreshError('refresh_token_already_used', 'Already Used'))
      }
    }
    if (!issued) issued = await swapRefreshToken(tx, user.id, session.id, token)
    await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid', [session.id])
    const response = await tokenResponse(tx, ctx, user.id, { sessionId: session.id, refreshToken: issued })
    return { ok: true, response }
  })
  if (!outcome.ok) throw outcome.error
  return outcome.response
}

const fail = (error: AuthError): Outcome => ({ ok: false, error })

async function lockSession(tx: Queryable, sessionId: string): Promise<SessionRow | null> {
  if (!isUuid(sessionId)) return null
  const { rows } = await tx.query<SessionRow>(
    `select id::text, user_id::text, coalesce(not_after < now(), false) as expired
     from auth.sessions where id = $1::uuid for update`,
    [sessionId],
  )
  return rows[0] ?? null
}
