import type { ChangeFilter } from './change-params.ts'

// The statements that decide who sees a batch of changes of one table. Each reads the batch's
// rows, [{ local_stack_change_id, local_stack_row }], as the table's row type. Names come from the
// catalogue; values are quoted literals, checked by subscribe.ts to be of their column's type.

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`
export const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`

/** The rows of a batch, each as the table's row type, under `alias`. */
const batchRows = (entity: string, alias: string) =>
  `from jsonb_to_recordset($1::jsonb) as x(local_stack_change_id int8, local_stack_row jsonb)
  cross join lateral jsonb_populate_record(null::${entity}, x.local_stack_row) as ${alias}`

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' }

/**
 * Realtime's check_equality_op for one filter: the row's value against the filter's, both of the
 * column's type. A column the row does not carry (a delete's old row holds only its identity) fails.
 */
export function filterPredicate(filter: ChangeFilter, columnType: string): string {
  const column = `r.${quoteIdent(filter.column)}`
  const value = `${quoteLiteral(filter.value)}::${columnType}`
  let test: string
  switch (filter.op) {
    case 'in':
      test = `${column} = any(${quoteLiteral(filter.value)}::${columnType}[])`
      break
    case 'is':
      test = `${column} is ${filter.negate ? 'not ' : ''}${filter.value}`
      break
    case 'isdistinct':
      test = `${column} is ${filter.negate ? 'not ' : ''}distinct from ${value}`
      break
    case 'like':
    case 'ilike':
      test = `${column} ${filter.op} (${value})`
      break
    case 'match':
    case 'imatch':
      test = `${column} ${filter.op === 'match' ? '~' : '~*'} (${value})`
      break
    default:
      test = `${column} ${COMPARISONS[filter.op]} ${value}`
  }
  if (filter.negate && filter.op !== 'is' && filter.op !== 'isdistinct') test = `not (${test})`
  return `(x.local_stack_row ? ${quoteLiteral(filter.column)} and coalesce(${test}, false))`
}

/** One row per change: the indexes of the filter sets (each an AND of predicates) it passes. */
export function filterSetsStatement(entity: string, predicateSets: string[][]): string {
  const tests = predicateSets.map((set, i) => `case when ${set.join(' and ')} then ${i} end`)
  return `select x.local_stack_change_id as id, array_remove(array[${tests.join(', ')}]::int[], null) as passed
  ${batchRows(entity, 'r')}`
}

/**
 * Whether the subscriber may read each row, as the row was changed: its values go to the
 * table's SELECT policies (pg_get_expr of each USING, run as the subscriber, with their claims),
 * the permissive ones OR'd and the restrictive ones AND'd, as RLS combines them. The row goes
 * under the table's own name, which the policies' expressions use when they name its columns.
 * (Realtime's walrus instead looks the row up in the table, so it cannot judge a deleted row, nor
 * one deleted before its turn came; here each change is judged on its own row.)
 */
export function visibleRowsStatement(entity: string, table: string, permissive: string[], restrictive: string[]): string | null {
  if (permissive.length === 0) return null
  const allowed = [`(${permissive.map((q) => `(${q})`).join(' or ')})`, ...restrictive.map((q) => `(${q})`)].join(' and ')
  // the rows are local_stack.realtime_visible's, already in its temporary table; $1 picks this check's
  return `select x.local_stack_change_id as id
  from pg_temp.local_stack_realtime_rows as x
  cross join lateral jsonb_populate_record(null::${entity}, x.local_stack_row) as ${quoteIdent(table)}
  where x.local_stack_change_id = any($1) and ${allowed}`
}
