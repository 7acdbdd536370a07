import type { IncomingMessage, ServerResponse } from 'node:http'
import { asCaller, lowercaseHeaders, queryAsCaller, type CallerContext } from '../db/as-caller.ts'
import type { Queryable, Statement } from '../db/database.ts'
import { readBody } from '../http/http.ts'
import type { JwtClaims } from '../tokens.ts'
import type { ServiceContext } from '../stack.ts'
import type { Catalogue } from './catalogue.ts'
import type { Prefer } from './prefer.ts'
import { invalidBody } from './rest-errors.ts'

/** One REST request, authenticated and with its headers interpreted. */
export interface RestRequest {
  req: IncomingMessage
  res: ServerResponse
  method: string
  path: string
  url: URL
  role: string
  claims: JwtClaims
  prefer: Prefer
  singular: boolean
  catalogue: Catalogue
  service: ServiceContext
}

/** The row every built statement returns. */
export interface ResultRow {
  total: string | number | null
  page: string | number
  body: string | null
}

export interface Result {
  total: number | null
  page: number
  body: string | null
}

export const toResult = (row: ResultRow | undefined): Result => ({
  total: row?.total == null ? null : Number(row.total),
  page: Number(row?.page ?? 0),
  body: row?.body ?? null,
})

const callerOf = (r: RestRequest): CallerContext => ({
  role: r.role,
  claims: r.claims,
  method: r.method,
  path: r.path,
  headers: lowercaseHeaders(r.req.headers),
})

/** PostgREST's per-request transaction, as the caller. */
export function runAsCaller<T>(r: RestRequest, readOnly: boolean, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return asCaller(r.service.db, callerOf(r), { readOnly }, fn)
}

/** A request that is one statement, as the caller, in one round trip. */
export async function queryRowAsCaller(r: RestRequest, readOnly: boolean, statement: Statement): Promise<ResultRow | undefined> {
  const { rows } = await queryAsCaller<ResultRow>(r.service.db, callerOf(r), { readOnly }, statement)
  return rows[0]
}

/** The JSON body; `fallback` when empty (undefined: an empty body is an error). */
export async function readJson(r: RestRequest, fallback?: unknown): Promise<unknown> {
  const raw = await readBody(r.req, r.service.config.maxBodyBytes)
  const text = raw.toString('utf8')
  if (text.trim() === '') {
    if (fallback !== undefined) return fallback
    throw invalidBody()
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw invalidBody((error as Error).message)
  }
}
