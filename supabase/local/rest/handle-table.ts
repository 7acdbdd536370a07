import { buildRead, rootParts, type BuildContext } from './build-read.ts'
import { buildWrite, type Mutation } from './build-write.ts'
import { parseQuery } from './parse-query.ts'
import { queryRowAsCaller, readJson, runAsCaller, toResult, type RestRequest, type ResultRow } from './request.ts'
import { checkSingular, sendRows, sendWrite } from './respond.ts'
import { RestError, tableNotFound } from './rest-errors.ts'
import { qualified, Params } from './sql.ts'

const newContext = (r: RestRequest): BuildContext => ({ catalogue: r.catalogue, params: new Params(), aliases: 0 })

function tableOf(r: RestRequest, name: string) {
  const table = r.catalogue.tables.get(name)
  if (!table) throw tableNotFound(name)
  return table
}

async function read(r: RestRequest, name: string): Promise<void> {
  const table = tableOf(r, name)
  const query = parseQuery(r.url.searchParams)
  const ctx = newContext(r)
  const parts = rootParts(query, r.service.config.maxRows)
  const offset = parts.offset ?? 0
  const built = buildRead(ctx, {
    source: `${qualified(table.name)} pgrst_t`,
    scope: { name: table.name, columns: table.columns, alias: 'pgrst_t', params: ctx.params },
    table: table.name,
    ...parts,
    count: r.prefer.count === 'exact',
    body: r.method !== 'HEAD',
  })
  const row = await queryRowAsCaller(r, true, { sql: built.sql, params: ctx.params.values })
  sendRows(r, toResult(row), offset)
}

async function write(r: RestRequest, name: string, kind: Mutation['kind']): Promise<void> {
  const table = tableOf(r, name)
  const query = parseQuery(r.url.searchParams)
  const mutation: Mutation = kind === 'delete' ? { kind } : { kind, body: await readJson(r) }
  const ctx = newContext(r)
  const representation = r.prefer.return === 'representation'
  const built = buildWrite(ctx, table, mutation, query, r.prefer, representation)
  const result = await runAsCaller(r, false, async (tx) => {
    const { rows, affectedRows } = await tx.query<ResultRow>(built.sql, ctx.params.values)
    const out = built.returnsRows ? toResult(rows[0]) : { total: null, page: affectedRows, body: null }
    // Throwing rolls the write back: a singular request must touch exactly one row.
    checkSingular(r, out.page)
    return out
  })
  sendWrite(r, result, kind === 'insert', representation)
}

export async function handleTable(r: RestRequest, name: string): Promise<void> {
  switch (r.method) {
    case 'GET':
    case 'HEAD':
      return read(r, name)
    case 'POST':
      return write(r, name, 'insert')
    case 'PATCH':
      return write(r, name, 'update')
    case 'DELETE':
      return write(r, name, 'delete')
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${r.method}`)
  }
}
