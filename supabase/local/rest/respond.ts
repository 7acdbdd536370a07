import { sendEmpty } from '../http/http.ts'
import type { RestRequest, Result } from './request.ts'
import { RestError, singularError } from './rest-errors.ts'

const JSON_TYPE = 'application/json; charset=utf-8'
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'

export function contentRange(offset: number, page: number, total: number | null): string {
  const count = total === null ? '*' : String(total)
  return page === 0 ? `*/${count}` : `${offset}-${offset + page - 1}/${count}`
}

/** `[x]` → `x`: json_agg of one element, without parsing it. */
export function unwrapSingle(body: string): string {
  return body.slice(body.indexOf('[') + 1, body.lastIndexOf(']')).trim()
}

/** The single-object Accept: exactly one row, else PGRST116. */
export function checkSingular(r: RestRequest, page: number): void {
  if (r.singular && page !== 1) throw singularError(page)
}

export function send(r: RestRequest, status: number, body: string | null, headers: Record<string, string>): void {
  const all = { ...headers }
  if (body === null || r.method === 'HEAD') {
    if (body !== null) all['content-type'] = r.singular ? OBJECT_TYPE : JSON_TYPE
    return sendEmpty(r.res, status, all)
  }
  all['content-type'] = r.singular ? OBJECT_TYPE : JSON_TYPE
  all['content-length'] = String(Buffer.byteLength(body))
  r.res.writeHead(status, all)
  r.res.end(body)
}

/** A page of rows read with GET/HEAD (also rpc results that are rows). */
export function sendRows(r: RestRequest, result: Result, offset: number): void {
  const { total, page } = result
  if (total !== null && offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { 'content-range': `*/${total}` },
    )
  }
  checkSingular(r, page)
  const status = total !== null && page < total ? 206 : 200
  const body = r.singular && result.body !== null ? unwrapSingle(result.body) : (result.body ?? '[]')
  send(r, status, body, { 'content-range': contentRange(offset, page, total) })
}

/** A write's outcome: 201 for inserts; 200 with a representation, else 204 (201 for inserts). */
export function sendWrite(r: RestRequest, result: Result, insert: boolean, representation: boolean): void {
  const range = `*/${r.prefer.count ? result.page : '*'}`
  const headers = { 'content-range': result.page === 0 || r.prefer.count ? range : `0-${result.page - 1}/*` }
  if (!representation) return send(r, insert ? 201 : 204, null, headers)
  const body = r.singular && result.body !== null ? unwrapSingle(result.body) : (result.body ?? '[]')
  send(r, insert ? 201 : 200, body, headers)
}
