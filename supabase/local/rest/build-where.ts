import type { Column } from './catalogue.ts'
import type { Field } from './parse-common.ts'
import type { Condition, FilterNode } from './parse-filter.ts'
import { columnNotFound } from './rest-errors.ts'
import { ident, type Params } from './sql.ts'

/** A relation (or function result) read under a table alias. */
export interface Scope {
  name: string
  columns: Map<string, Column>
  alias: string
  params: Params
}

/** The column checked against the catalogue; JSON keys are bound values. */
export function fieldSql(scope: Scope, field: Field): string {
  if (!scope.columns.has(field.name)) throw columnNotFound(scope.name, field.name)
  let sql = `${scope.alias}.${ident(field.name)}`
  for (const step of field.path) {
    const key = /^-?\d+$/.test(step.key) ? `${scope.params.add(step.key)}::int` : `${scope.params.add(step.key)}::text`
    sql = `(${sql}${step.arrow}${key})`
  }
  return sql
}

const BINARY: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
}

const TSQUERY = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }

const IS_SQL = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' }

function conditionSql(scope: Scope, cond: Condition): string {
  const column = fieldSql(scope, cond.field)
  const p = scope.params
  switch (cond.op) {
    case 'in':
      return cond.value.length === 0 ? 'false' : `${column} in (${cond.value.map((v) => p.add(v)).join(', ')})`
    case 'is':
      return `${column} ${IS_SQL[cond.value]}`
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const config = cond.config === undefined ? '' : `${p.add(cond.config)}::regconfig, `
      return `${column} @@ ${TSQUERY[cond.op]}(${config}${p.add(cond.value)})`
    }
    default: {
      const pattern = cond.op === 'like' || cond.op === 'ilike'
      const value = p.add(pattern ? cond.value.replaceAll('*', '%') : cond.value)
      return cond.quant ? `${column} ${BINARY[cond.op]} ${cond.quant}(${value})` : `${column} ${BINARY[cond.op]} ${value}`
    }
  }
}

export function filterSql(scope: Scope, node: FilterNode): string {
  let sql: string
  if (node.kind === 'cond') sql = conditionSql(scope, node)
  else {
    const parts = node.children.map((child) => filterSql(scope, child))
    sql = `(${parts.join(node.op === 'and' ? ' and ' : ' or ')})`
  }
  return node.negate ? `not (${sql})` : sql
}
