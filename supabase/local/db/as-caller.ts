import type { Database, Queryable, QueryResult, Statement } from './database.ts'
import type { JwtClaims } from '../tokens.ts'
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
 * The statement that opens PostgREST's per-request transaction: switch to the
 * caller's role and expose the JWT claims and request to SQL (auth.uid(),
 * policies), all LOCAL so nothing leaks into the next request. Postgres then
 * enforces RLS and GRANTs.
 *
 * Unlike PostgREST, a token whose session was signed out stops working at once:
 * require_session() runs in FROM, before the projection switches role, and
 * raises; so nothing after it in the transaction runs.
 */
function preludeFor(caller: CallerContext, readOnly: boolean): Statement {
  if (!REQUEST_ROLES.has(caller.role)) throw new UnknownRoleError(caller.role)
  const settings: [string, string][] = [
    ['search_path', 'public, extensions'],
    ['role', caller.role],
    ['request.jwt.claims', JSON.stringify({ ...caller.claims, role: caller.role })],
    ['request.method', caller.method],
    ['request.path', caller.path],
    ['request.headers', JSON.stringify(caller.headers)],
    ...Object.entries(caller.settings ?? {}),
  ]
  if (readOnly) settings.push(['transaction_read_only', 'on'])
  const params: string[] = settings.flat()
  const calls = settings.map((_, i) => `set_config($${i * 2 + 1}, $${i * 2 + 2}, true)`)
  const sessionId = typeof caller.claims.session_id === 'string' ? caller.claims.session_id : null
  let from = '(select 1) as one'
  if (sessionId) {
    if (!isUuid(sessionId)) throw new SessionRevokedError()
    params.push(sessionId)
    from = `local_stack.require_session($${params.length}::uuid)`
  }
  return { sql: `select ${calls.join(', ')} from ${from}`, params }
}

function revoked(error: unknown): unknown {
  return (error as { code?: string }).code === 'PT401' ? new SessionRevokedError() : error
}

/** Runs `fn` in one transaction as the caller. */
export async function asCaller<T>(
  db: Database,
  caller: CallerContext,
  options: { readOnly: boolean },
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const prelude = preludeFor(caller, options.readOnly)
  try {
    return await db.transaction(async (tx) => {
      await tx.query(prelude.sql, [...prelude.params])
      return fn(tx)
    })
  } catch (error) {
    throw revoked(error)
  }
}

/** One statement as the caller: the prelude and the statement go as one pipeline. */
export async function queryAsCaller<T>(
  db: Database,
  caller: CallerContext,
  options: { readOnly: boolean },
  statement: Statement,
): Promise<QueryResult<T>> {
  const prelude = preludeFor(caller, options.readOnly)
  try {
    const [, result] = await db.pipeline([prelude, statement])
    return result as QueryResult<T>
  } catch (error) {
    throw revoked(error)
  }
}

/** Lowercased request headers, as PostgREST exposes them in request.headers. */
export function lowercaseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}
