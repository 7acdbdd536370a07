import type { Relation } from './catalogue.ts'
import { buildRead, type BuildContext } from './build-read.ts'
import { filterSql, type Scope } from './build-where.ts'
import type { ParsedQuery } from './parse-query.ts'
import type { Prefer } from './prefer.ts'
import { bodyColumnNotFound, columnNotFound, invalidBody, RestError } from './rest-errors.ts'
import { ident, qualified } from './sql.ts'

export type Mutation =
  | { kind: 'insert'; body: unknown }
  | { kind: 'update'; body: unknown }
  | { kind: 'delete' }

export interface BuiltWrite {
  sql: string
  /** false: a bare statement whose affected row count is the result */
  returnsRows: boolean
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function checkColumns(table: Relation, names: string[]): string {
  for (const name of names) if (!table.columns.has(name)) throw bodyColumnNotFound(table.name, name)
  return names.map(ident).join(', ')
}

function insertSql(ctx: BuildContext, table: Relation, body: unknown, query: ParsedQuery, prefer: Prefer): string | null {
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every(isObject)) throw invalidBody('Expected a JSON object or an array of objects')
  if (rows.length === 0) return null
  let names = query.columns
  if (!names) {
    const first = Object.keys(rows[0]!)
    const same = rows.every((r) => {
      const keys = Object.keys(r)
      return keys.length === first.length && keys.every((k) => first.includes(k))
    })
    if (!same) throw invalidBody('All object keys must match')
    names = first
  }
  const columns = checkColumns(table, names)
  const payload = ctx.params.add(JSON.stringify(rows))
  let sql: string
  if (prefer.missing === 'default' && names.length > 0) {
    // A key absent from a row takes the column default (Postgres' own expression), not null.
    const values = names.map((n) => {
      const fallback = table.columns.get(n)!.default ?? 'null'
      return `case when pgrst_el ? ${ctx.params.add(n)} then pgrst_body.${ident(n)} else ${fallback} end`
    })
    sql =
      `insert into ${qualified(table.name)} as pgrst_t (${columns}) select ${values.join(', ')} ` +
      `from jsonb_array_elements(${payload}::jsonb) pgrst_el, lateral jsonb_populate_record(null::${qualified(table.name)}, pgrst_el) pgrst_body`
  } else {
    sql =
      `insert into ${qualified(table.name)} as pgrst_t ${names.length ? `(${columns}) select ${columns}` : 'select'} ` +
      `from json_populate_recordset(null::${qualified(table.name)}, ${payload}::json) pgrst_body`
  }
  if (prefer.resolution) {
    const target = query.onConflict ?? table.pk
    for (const name of target) if (!table.columns.has(name)) throw columnNotFound(table.name, name)
    const on = target.length ? `(${target.map(ident).join(', ')})` : ''
    if (prefer.resolution === 'ignore-duplicates' || names.length === 0) sql += ` on conflict ${on} do nothing`
    else if (!on) throw new RestError(400, 'PGRST100', `Table '${table.name}' has no primary key: pass on_conflict`)
    else sql += ` on conflict ${on} do update set ${names.map((n) => `${ident(n)} = excluded.${ident(n)}`).join(', ')}`
  }
  return sql
}

function updateSql(ctx: BuildContext, scope: Scope, table: Relation, body: unknown, query: ParsedQuery): string | null {
  if (!isObject(body)) throw invalidBody('Expected a JSON object')
  const names = Object.keys(body)
  checkColumns(table, names)
  if (names.length === 0) return null
  const set = names.map((n) => `${ident(n)} = pgrst_body.${ident(n)}`).join(', ')
  return (
    `update ${qualified(table.name)} as ${scope.alias} set ${set} ` +
    `from json_populate_record(null::${qualified(table.name)}, ${ctx.params.add(JSON.stringify(body))}::json) pgrst_body` +
    whereSql(scope, query)
  )
}

function whereSql(scope: Scope, query: ParsedQuery): string {
  const conds = query.root.filters.map((f) => filterSql(scope, f))
  return conds.length ? ` where ${conds.join(' and ')}` : ''
}

/**
 * The write as one statement. With a representation, the write is a CTE
 * (`pgrst_source`) read back like a table, so embedding works on its rows.
 */
export function buildWrite(
  ctx: BuildContext,
  table: Relation,
  mutation: Mutation,
  query: ParsedQuery,
  prefer: Prefer,
  representation: boolean,
): BuiltWrite {
  const scope: Scope = { name: table.name, columns: table.columns, alias: 'pgrst_t', params: ctx.params }
  let statement: string | null
  if (mutation.kind === 'insert') statement = insertSql(ctx, table, mutation.body, query, prefer)
  else if (mutation.kind === 'update') statement = updateSql(ctx, scope, table, mutation.body, query)
  else statement = `delete from ${qualified(table.name)} as pgrst_t` + whereSql(scope, query)

  if (!representation) {
    return { sql: statement ?? 'select 1 where false', returnsRows: false }
  }
  const read = buildRead(ctx, {
    source: 'pgrst_source pgrst_s',
    scope: { ...scope, alias: 'pgrst_s' },
    table: table.name,
    items: query.select,
    node: query.root,
    filters: [],
    order: [],
    count: false,
    body: true,
  })
  const returning = read.needed === null ? 'pgrst_t.*' : [...read.needed].map((n) => `pgrst_t.${ident(n)}`).join(', ') || '1'
  const source = statement
    ? `${statement} returning ${returning}`
    : `select ${read.needed === null ? '*' : [...read.needed].map(ident).join(', ') || '1'} from ${qualified(table.name)} where false`
  return { sql: `with pgrst_source as (${source}) ${read.sql}`, returnsRows: true }
}
