import type { Database, Queryable } from './database.ts'
import type { JwtClaims } from '../jwt.ts'
import { isUuid } from '../uuid.ts'

/** The roles a request may switch to (the authenticator's grants). Anything else is refused. */
export const REQUEST_ROLES = new Set(['anon', 'authenticated', 'service_role'])


export class UnknownRoleError extends Error {
  constructor(readonly role: string) {
    super(`role "${role}" does not exist`)
  }
}

/** The token's session was ended by a sign-out (or its user deleted). */
export class SessionRevokedError extends Error {
  constructor() {
    super('JWT session has been revoked')
  }
}

export interface CallerContext {
  role: string
  claims: JwtClaims
  method: string
  path: string
  headers: Record<string, string>
  /** extra transaction-local settings, e.g. storage.operation */
  settings?: Record<string, string>
}

/**
 * PostgREST's per-request transaction: switch to the caller's role and expose
 * the JWT claims and request to SQL (auth.uid(), policies), all LOCAL so
 * nothing leaks into the next request. Postgres then enforces RLS and GRANTs.
 */
export async function asCaller<T>(
  db: Database,
  caller: CallerContext,
  options: { readOnly: boolean },
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  if (!REQUEST_ROLES.has(caller.role)) throw new UnknownRoleError(caller.role)
  return db.transaction(
    async (tx) => {
      const settings: [string, string][] = [
        ['search_path', 'public, extensions'],
        ['role', caller.role],
        ['request.jwt.claims', JSON.stringify({ ...caller.claims, role: caller.role })],
        ['request.method', caller.method],
        ['request.path', caller.path],
        ['request.headers', JSON.stringify(caller.headers)],
        ...Object.entries(caller.settings ?? {}),
      ]
      const params: unknown[] = settings.flat()
      const calls = settings.map((_, i) => `set_config($${i * 2 + 1}, $${i * 2 + 2}, true)`)
      // Unlike PostgREST, a token whose session was signed out stops working at
      // once. The session row is scanned before the projection runs set_config,
      // so the check reads auth.sessions as the superuser and the role switch
      // happens only when the session is alive; one round trip for both.
      const sessionId = typeof caller.claims.session_id === 'string' ? caller.claims.session_id : null
      let from = '(select 1) as live'
      if (sessionId) {
        if (!isUuid(sessionId)) throw new SessionRevokedError()
        params.push(sessionId)
        from = `auth.sessions where id = $${params.length}::uuid`
      }
      const { rows } = await tx.query(`select ${calls.join(', ')} from ${from}`, params)
      if (rows.length === 0) throw new SessionRevokedError()
      return fn(tx)
    },
    { readOnly: options.readOnly },
  )
}

/** Lowercased request headers, as PostgREST exposes them in request.headers. */
export function lowercaseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}
