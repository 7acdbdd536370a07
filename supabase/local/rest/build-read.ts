import type { Catalogue } from './catalogue.ts'
import { fieldSql, filterSql, type Scope } from './build-where.ts'
import type { FilterNode } from './parse-filter.ts'
import type { OrderTerm } from './parse-order.ts'
import { emptyNode, type ParsedQuery, type QueryNode } from './parse-query.ts'
import type { SelectItem } from './parse-select.ts'
import { findRelationship } from './relationships.ts'
import { RestError } from './rest-errors.ts'
import { ident, qualified, type Params } from './sql.ts'

const CASTS = new Set(
  'text varchar char bpchar int int2 int4 int8 smallint integer bigint numeric decimal real float4 float8 boolean bool json jsonb uuid date time timetz timestamp timestamptz interval bytea citext'
    .split(' ')
    .flatMap((t) => [t, `${t}[]`]),
)

export interface BuildContext {
  catalogue: Catalogue
  params: Params
  aliases: number
}

interface Selection {
  columns: string[]
  joins: { sql: string; inner: boolean }[]
  /** `jN.body is not null` for !inner embeds */
  conds: string[]
  /** root columns a mutation must return for this selection; null = all */
  needed: Set<string> | null
}

/** The select list of one level, with a lateral join per embedded resource. */
function buildSelection(ctx: BuildContext, scope: Scope, table: string | null, items: SelectItem[], node: QueryNode): Selection {
  const out: Selection = { columns: [], joins: [], conds: [], needed: new Set() }
  for (const item of items) {
    if (item.kind === 'star') {
      out.columns.push(`${scope.alias}.*`)
      out.needed = null
    } else if (item.kind === 'column') {
      let sql = fieldSql(scope, item.field)
      if (item.cast !== undefined) {
        if (!CASTS.has(item.cast.toLowerCase())) throw new RestError(400, 'PGRST100', `failed to parse select parameter: unsupported cast "${item.cast}"`)
        sql = `${sql}::${item.cast.toLowerCase()}`
      }
      const name = item.alias ?? item.field.path.at(-1)?.key ?? item.field.name
      out.columns.push(`${sql} as ${ident(name)}`)
      out.needed?.add(item.field.name)
    } else {
      if (table === null) throw new RestError(400, 'PGRST200', `Could not find a relationship for '${item.relation}'`)
      const rel = findRelationship(ctx.catalogue, table, item.relation, item.hint)
      const key = item.alias ?? item.relation
      const child = node.children.get(key) ?? node.children.get(item.relation) ?? emptyNode()
      child.used = true
      const alias = `pgrst_${++ctx.aliases}`
      const childScope: Scope = { name: rel.target.name, columns: rel.target.columns, alias, params: scope.params }
      const inner = buildSelection(ctx, childScope, rel.target.name, item.items, child)
      const conds = [
        ...rel.pairs.map(([mine, theirs]) => `${alias}.${ident(theirs)} = ${scope.alias}.${ident(mine)}`),
        ...child.filters.map((f) => filterSql(childScope, f)),
        ...inner.conds,
      ]
      const body =
        `select ${inner.columns.join(', ')} from ${qualified(rel.target.name)} ${alias} ` +
        `${inner.joins.map((j) => j.sql).join(' ')} where ${conds.join(' and ')}` +
        orderSql(childScope, child.order) +
        pageSql(scope.params, child.limit, child.offset)
      const agg = rel.many ? 'json_agg' : 'row_to_json'
      out.joins.push({ sql: `left join lateral (select ${agg}(${alias}_r) as body from (${body}) ${alias}_r) ${alias}_j on true`, inner: item.inner })
      out.columns.push(`${rel.many ? `coalesce(${alias}_j.body, '[]')` : `${alias}_j.body`} as ${ident(key)}`)
      if (item.inner) out.conds.push(`${alias}_j.body is not null`)
      for (const [mine] of rel.pairs) out.needed?.add(mine)
    }
  }
  return out
}

export function orderSql(scope: Scope, order: OrderTerm[]): string {
  if (order.length === 0) return ''
  const terms = order.map((t) => {
    const nulls = t.nulls ? ` nulls ${t.nulls}` : ''
    return `${fieldSql(scope, t.field)} ${t.direction ?? 'asc'}${nulls}`
  })
  return ` order by ${terms.join(', ')}`
}

function pageSql(params: Params, limit: number | undefined, offset: number | undefined): string {
  return (limit === undefined ? '' : ` limit ${params.add(String(limit))}`) + (offset ? ` offset ${params.add(String(offset))}` : '')
}

function checkAllUsed(node: QueryNode, path: string): void {
  for (const [name, child] of node.children) {
    if (!child.used) {
      throw new RestError(400, 'PGRST108', `'${path}${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`)
    }
    checkAllUsed(child, `${path}${name}.`)
  }
}

export interface ReadSpec {
  /** a FROM item aliased as scope.alias, e.g. `"public"."t" t0` or `pgrst_source t0` */
  source: string
  scope: Scope
  /** the exposed table the rows come from, for embedding */
  table: string | null
  items: SelectItem[]
  node: QueryNode
  filters: FilterNode[]
  order: OrderTerm[]
  limit?: number
  offset?: number
  count: boolean
  body: boolean
}

/** The select list, filters, order and page of the query's top level; max_rows caps the page. */
export function rootParts(query: ParsedQuery, maxRows?: number) {
  const { root } = query
  const limit = maxRows === undefined ? root.limit : Math.min(root.limit ?? maxRows, maxRows)
  return { items: query.select, node: root, filters: root.filters, order: root.order, limit, offset: root.offset }
}

export interface BuiltRead {
  /** one statement returning columns total (text|null), page (text), body (text|null) */
  sql: string
  needed: Set<string> | null
}

/** Rows as one JSON text built by Postgres, with the page size and (optionally) the full count. */
export function buildRead(ctx: BuildContext, spec: ReadSpec): BuiltRead {
  const { scope } = spec
  const sel = buildSelection(ctx, scope, spec.table, spec.items, spec.node)
  checkAllUsed(spec.node, '')
  const conds = [...spec.filters.map((f) => filterSql(scope, f)), ...sel.conds]
  const where = conds.length ? ` where ${conds.join(' and ')}` : ''
  const joins = sel.joins.map((j) => j.sql).join(' ')
  const innerJoins = sel.joins.filter((j) => j.inner).map((j) => j.sql).join(' ')
  const rows =
    `select ${sel.columns.length ? sel.columns.join(', ') : ''} from ${spec.source} ${joins}${where}` +
    orderSql(scope, spec.order) +
    pageSql(scope.params, spec.limit, spec.offset)
  const total = spec.count ? `(select count(*) from ${spec.source} ${innerJoins}${where})` : 'null'
  const body = spec.body ? `coalesce(json_agg(pgrst_r), '[]')::text` : 'null'
  return {
    sql: `select ${total} as total, count(*) as page, ${body} as body from (${rows}) pgrst_r`,
    needed: sel.needed,
  }
}
