import type { IncomingMessage } from 'node:http'
import { resolveCaller } from '../gateway.ts'
import type { Handler } from '../http/http.ts'
import type { ServiceContext } from '../stack.ts'
import { loadCatalogue, type Catalogue } from './catalogue.ts'
import { handleRpc } from './handle-rpc.ts'
import { handleTable } from './handle-table.ts'
import { parsePrefer } from './prefer.ts'
import type { RestRequest } from './request.ts'
import { send } from './respond.ts'
import { RestError, sendRestError, toRestError } from './rest-errors.ts'

export interface RestService {
  handle: Handler
  reload(): Promise<void>
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

const ACCEPTABLE = /^(\*\/\*|application\/\*|application\/json|application\/vnd\.pgrst\.object(\+json)?)$/

/** true for the single-object media type; 406 when nothing acceptable is offered. */
function wantsSingular(accept: string | undefined): boolean {
  if (!accept) return false
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase())
  if (types.some((t) => t.startsWith('application/vnd.pgrst.object'))) return true
  if (types.some((t) => ACCEPTABLE.test(t) || t === '')) return false
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`)
}

function checkProfile(req: IncomingMessage, method: string): void {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile'
  const profile = header(req, name)
  if (profile !== undefined && profile !== 'public') {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public')
  }
}

/** A minimal OpenAPI description: the exposed tables and their columns. */
function openApi(catalogue: Catalogue): string {
  const paths: Record<string, object> = { '/': {} }
  const definitions: Record<string, object> = {}
  for (const table of catalogue.tables.values()) {
    paths[`/${table.name}`] = {}
    const properties = Object.fromEntries(table.columnList.map((c) => [c.name, { format: c.type }]))
    definitions[table.name] = { type: 'object', properties }
  }
  for (const name of catalogue.functions.keys()) paths[`/rpc/${name}`] = {}
  return JSON.stringify({ swagger: '2.0', info: { title: 'ShelfSnap local REST', version: '1' }, paths, definitions })
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new RestError(400, 'PGRST100', `failed to parse path (${segment})`)
  }
}

/** PostgREST's `/rest/v1` subset: tables, views and functions of the schema `public`. */
export async function createRestService(ctx: ServiceContext): Promise<RestService> {
  let catalogue = await loadCatalogue(ctx.db)

  const route = async (r: RestRequest): Promise<void> => {
    const segments = r.path.split('/').slice(1)
    if (r.path === '/' || r.path === '') {
      if (r.method !== 'GET' && r.method !== 'HEAD') throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${r.method}`)
      return send({ ...r, singular: false }, 200, openApi(catalogue), {})
    }
    if (segments.length === 1) return handleTable(r, decodeSegment(segments[0]!))
    if (segments.length === 2 && segments[0] === 'rpc') return handleRpc(r, decodeSegment(segments[1]!))
    throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`)
  }

  const handle: Handler = async (req, res, path, url) => {
    const method = (req.method ?? 'GET').toUpperCase()
    let role = 'anon'
    try {
      const caller = await resolveCaller(req.headers, ctx.tokens)
      if (!caller.ok) throw caller.error
      role = caller.role
      checkProfile(req, method)
      const r: RestRequest = {
        req,
        res,
        method,
        path,
        url,
        role,
        claims: caller.claims,
        prefer: parsePrefer(req.headers.prefer),
        singular: wantsSingular(header(req, 'accept')),
        catalogue,
        service: ctx,
      }
      await route(r)
    } catch (error) {
      const restError = toRestError(error, role)
      if (restError) return sendRestError(res, restError)
      console.error('[rest] unexpected error', error)
      sendRestError(res, new RestError(500, 'XX000', 'Internal server error'))
    }
  }

  return {
    handle,
    async reload() {
      catalogue = await loadCatalogue(ctx.db)
    },
  }
}
