import { argNamesOf, buildRpc, pickFunction } from './build-rpc.ts'
import { parseQuery } from './parse-query.ts'
import { queryRowAsCaller, readJson, toResult, type RestRequest } from './request.ts'
import { send, sendRows, unwrapSingle } from './respond.ts'
import { invalidBody, RestError } from './rest-errors.ts'
import { Params } from './sql.ts'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** `POST /rpc/fn` with named arguments as JSON, or GET/HEAD with them in the query string. */
export async function handleRpc(r: RestRequest, name: string): Promise<void> {
  if (r.method !== 'GET' && r.method !== 'HEAD' && r.method !== 'POST') {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${r.method}`)
  }
  const read = r.method !== 'POST'
  const query = parseQuery(r.url.searchParams, read ? argNamesOf(r.catalogue, name) : undefined)
  const body = read ? query.args : await readJson(r, {})
  const keys = isObject(body) ? Object.keys(body) : []
  const fn = pickFunction(r.catalogue, name, keys)
  if (!isObject(body) && !(fn.args.length === 1 && fn.args[0]!.name === '')) throw invalidBody('Expected a JSON object of arguments')

  const params = new Params()
  const ctx = { catalogue: r.catalogue, params, aliases: 0 }
  const built = buildRpc(ctx, fn, body, query, {
    count: r.prefer.count === 'exact',
    body: r.method !== 'HEAD',
    maxRows: r.service.config.maxRows,
  })
  const readOnly = read || fn.volatility !== 'v'
  const result = toResult(await queryRowAsCaller(r, readOnly, { sql: built.sql, params: params.values }))

  if (fn.returnKind === 'void') return send(r, 204, null, {})
  if (fn.returnKind === 'composite' && fn.returnsSet) return sendRows(r, result, query.root.offset ?? 0)
  if (fn.returnKind === 'composite') {
    const object = result.body === null ? null : unwrapSingle(result.body) || 'null'
    return send({ ...r, singular: false }, 200, object, {})
  }
  send({ ...r, singular: false }, 200, result.body ?? 'null', {})
}
