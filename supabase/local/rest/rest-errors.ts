import type { ServerResponse } from 'node:http'
import { UnknownRoleError, SessionRevokedError } from '../db/as-caller.ts'
import { DatabaseUnavailableError, type Unavailability } from '../db/database.ts'
import { BodyTooLargeError, sendJson } from '../http/http.ts'
import { JwtError } from '../tokens.ts'
import { RestParseError } from './parse-common.ts'

/** An error answered in PostgREST's shape `{code, message, details, hint}`. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const tableNotFound = (name: string) =>
  new RestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`)

export const columnNotFound = (table: string, column: string) =>
  new RestError(400, '42703', `column ${table}.${column} does not exist`)

export const bodyColumnNotFound = (table: string, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`)

export const invalidBody = (details: string | null = null) =>
  new RestError(400, 'PGRST102', 'Empty or invalid json', details)

export const singularError = (rows: number) =>
  new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`)

function unauthorized(code: string, message: string): RestError {
  const description = message.replace(/["\\]/g, '')
  return new RestError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  })
}

interface PgError {
  code: string
  message: string
  detail?: string
  hint?: string
}

function isPgError(error: unknown): error is PgError {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

/** PostgREST's mapSQLtoHTTP. */
export function sqlStateStatus(code: string, message: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '23505' || code === '23503') return 409
  if (code === '25006') return 405
  if (code === '42P01' || code === '42883') return 404
  if (code === '42P17') return 500
  if (code === '22023' && /^role .* does not exist$/.test(message)) return 401
  if (code.startsWith('08') || code.startsWith('53')) return 503
  if (code.startsWith('PT') && /^PT\d{3}$/.test(code)) {
    const status = Number(code.slice(2))
    if (status >= 100 && status <= 599) return status
  }
  return 400
}

// PostgREST's answers when it cannot reach the database: an outage (503, 504), not a bug (500).
const UNAVAILABLE: Record<Unavailability, RestError> = {
  refused: new RestError(503, 'PGRST000', 'Could not connect with the database due to an incorrect db-uri or due to the PostgreSQL service not running.'),
  lost: new RestError(503, 'PGRST001', 'Could not connect with the database due to an internal error.'),
  'pool-timeout': new RestError(504, 'PGRST003', 'Timed out acquiring connection from connection pool.'),
}

/** Anything thrown while serving a request, as a RestError; null when it is a bug. */
export function toRestError(error: unknown, role: string): RestError | null {
  if (error instanceof RestError) return error
  if (error instanceof DatabaseUnavailableError) return UNAVAILABLE[error.reason]
  if (error instanceof RestParseError) return new RestError(400, 'PGRST100', error.message, error.details)
  if (error instanceof BodyTooLargeError) return new RestError(413, 'PGRST413', error.message)
  if (error instanceof JwtError) {
    return unauthorized(error.kind === 'expired' || error.kind === 'claims' ? 'PGRST303' : 'PGRST301', error.message)
  }
  if (error instanceof UnknownRoleError) return unauthorized('22023', error.message)
  if (error instanceof SessionRevokedError) return unauthorized('PGRST303', error.message)
  if (isPgError(error)) {
    return new RestError(
      sqlStateStatus(error.code, error.message, role),
      error.code,
      error.message,
      error.detail || null,
      error.hint || null,
    )
  }
  return null
}

export function sendRestError(res: ServerResponse, error: RestError): void {
  const body = { code: error.code, details: error.details, hint: error.hint, message: error.message }
  sendJson(res, error.status, body, { 'proxy-status': `PostgREST; error=${error.code}`, ...error.headers })
}
