import type { Queryable } from '../db/database.ts'
import { REQUEST_ROLES } from '../db/as-caller.ts'
import type { JwtClaims } from '../tokens.ts'
import { describeParams, parseChangeParams, type ChangeFilter, type ChangeParams } from './change-params.ts'
import type { ChangeSink, Subscription } from './subscriptions.ts'

// What Realtime does between a join and "Subscribed to PostgreSQL" (Subscriptions.create and the
// realtime.subscription_check_filters trigger): every binding names tables of the publication,
// and every filter a column the subscriber may read and a value of that column's type. One bad
// binding fails the channel's whole subscription, with Realtime's texts.

export interface Binding {
  id: number
  params: Record<string, unknown>
}

export type SubscribeResult = { ok: true; subscriptions: Subscription[] } | { ok: false; message: string }

interface Column {
  name: string
  type: string
}

class SubscriptionError extends Error {}

const CONDITIONS: Record<string, string> = {
  P0001: 'raise_exception',
  '22P02': 'invalid_text_representation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22003': 'numeric_value_out_of_range',
  '2201B': 'invalid_regular_expression',
  '42704': 'undefined_object',
}

/** How Postgrex words a database error. */
const postgrexMessage = (code: string, message: string) => `ERROR ${code} (${CONDITIONS[code] ?? 'unknown'}) ${message}`
const raise = (message: string) => new SubscriptionError(postgrexMessage('P0001', message))

export async function resolveSubscriptions(
  db: Queryable,
  sink: ChangeSink,
  bindings: Binding[],
  claims: JwtClaims & { role: string },
): Promise<SubscribeResult> {
  const parsed: { id: number; params: ChangeParams }[] = []
  for (const binding of bindings) {
    const result = parseChangeParams(binding.params)
    if (!result.ok) return { ok: false, message: result.error }
    parsed.push({ id: binding.id, params: result.value })
  }
  const subscriptions: Subscription[] = []
  for (const { id, params } of parsed) {
    const where = `[${describeParams(params)}]`
    const { rows: entities } = await db.query<{ entity: string }>(
      `select format('%I.%I', schemaname, tablename)::regclass::oid::int8 as entity from pg_catalog.pg_publication_tables
        where pubname = 'supabase_realtime'
          and schemaname like (case $1 when '*' then '%' else $1 end) escape ''
          and tablename like (case $2 when '*' then '%' else $2 end) escape ''`,
      [params.schema, params.table],
    )
    if (entities.length === 0) {
      return { ok: false, message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${where}` }
    }
    try {
      if (!REQUEST_ROLES.has(claims.role)) throw new SubscriptionError(postgrexMessage('42704', `role "${claims.role}" does not exist`))
      for (const { entity } of entities) {
        await checkFilters(db, Number(entity), claims.role, params)
        subscriptions.push({ sink, bindingId: id, entity: Number(entity), action: params.action, filters: params.filters, select: params.select, role: claims.role, claims })
      }
    } catch (error) {
      const detail = error instanceof SubscriptionError ? error.message : databaseMessage(error)
      if (detail === null) throw error
      return {
        ok: false,
        message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${where}. Exception: ${detail}`,
      }
    }
  }
  return { ok: true, subscriptions }
}

function databaseMessage(error: unknown): string | null {
  const { code, message } = error as { code?: unknown; message?: unknown }
  return typeof code === 'string' && typeof message === 'string' ? postgrexMessage(code, message) : null
}

async function checkFilters(db: Queryable, entity: number, role: string, params: ChangeParams): Promise<void> {
  const { rows: columns } = await db.query<Column>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_catalog.pg_attribute a
      where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped
        and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT') order by a.attnum`,
    [entity, role],
  )
  for (const filter of params.filters) {
    const column = columns.find((c) => c.name === filter.column)
    if (!column) throw raise(`invalid column for filter ${filter.column}`)
    await checkValue(db, filter, column)
  }
  for (const name of params.select ?? []) {
    if (!columns.some((c) => c.name === name)) throw raise(`invalid column for select ${name}`)
  }
}

async function checkValue(db: Queryable, filter: ChangeFilter, column: Column): Promise<void> {
  switch (filter.op) {
    case 'in': {
      const { rows } = await db.query<{ n: number }>(`select coalesce(cardinality($1::${column.type}[]), 0) as n`, [filter.value])
      if (Number(rows[0]!.n) > 100) throw raise('too many values for `in` filter. Maximum 100')
      return
    }
    case 'is':
      if (!['null', 'true', 'false', 'unknown'].includes(filter.value)) {
        throw raise('invalid value for is filter: must be null, true, false, or unknown')
      }
      if (filter.value !== 'null' && column.type !== 'boolean') throw raise(`is ${filter.value} filter requires a boolean column, got ${column.type}`)
      return
    case 'like':
    case 'ilike':
    case 'match':
    case 'imatch': {
      const operator = { like: '~~', ilike: '~~*', match: '~', imatch: '~*' }[filter.op]
      const { rows } = await db.query<{ ok: boolean }>(
        `select exists (select from pg_catalog.pg_operator where oprname = $1 and oprleft = $2::regtype and oprresult = 'boolean'::regtype) as ok`,
        [operator, column.type],
      )
      if (!rows[0]!.ok) throw raise(`operator ${filter.op} requires a text-compatible column type, got ${column.type}`)
      if (filter.op === 'match' || filter.op === 'imatch') {
        await db.query(`select '' ~ $1`, [filter.value]).catch((error: Error) => {
          throw raise(`invalid regular expression for ${filter.op} filter: ${error.message}`)
        })
      }
      return
    }
    default:
      await db.query(`select $1::${column.type}`, [filter.value])
  }
}
