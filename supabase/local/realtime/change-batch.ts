import type { Database } from '../db/database.ts'
import { isUuid } from '../uuid.ts'
import { changePayload, errorPayload, identityOf, refusal, type CapturedChange, type TableMeta } from './change-payload.ts'
import { filterPredicate, filterSetsStatement, quoteIdent, visibleRowsStatement } from './change-sql.ts'
import type { Subscription, SubscriptionRegistry } from './subscriptions.ts'

// Who gets each change of a batch, decided in SQL as Realtime's walrus does, but per batch rather
// than per change and subscriber: the filters of every subscription over all of a table's changes
// in one statement (as the stack), then one call that, per distinct subscriber (role and claims),
// becomes them and puts every row of the batch to the tables' SELECT policies.

interface Send {
  subscription: Subscription
  error?: string
}

/** The changes one subscriber's RLS must pass, by table. */
interface Check {
  role: string
  claims: Record<string, unknown>
  tables: Map<number, { meta: TableMeta; changes: Map<number, CapturedChange>; waiting: Map<number, Subscription[]> }>
}

const entityName = (meta: TableMeta) => `${quoteIdent(meta.schema)}.${quoteIdent(meta.table)}`
const wants = (subscription: Subscription, change: CapturedChange) => subscription.action === '*' || subscription.action === change.action
const batchJson = (rows: { id: number; row: unknown }[]) =>
  JSON.stringify(rows.map(({ id, row }) => ({ local_stack_change_id: id, local_stack_row: row ?? {} })))

export async function deliverBatch(
  db: Database,
  registry: SubscriptionRegistry,
  changes: CapturedChange[],
  tableMeta: (entities: number[]) => Promise<Map<number, TableMeta>>,
  warn: (message: string) => void,
): Promise<void> {
  const byEntity = new Map<number, Subscription[]>()
  for (const change of changes) if (!byEntity.has(change.entity)) byEntity.set(change.entity, registry.forEntity(change.entity))
  const wanted = changes.filter((change) => byEntity.get(change.entity)!.some((s) => wants(s, change)))
  if (wanted.length === 0) return
  const subscriptions = [...byEntity.values()].flat()
  const metas = await tableMeta([...byEntity.keys()])
  const revoked = await revokedSessions(db, subscriptions)
  const sends = new Map<number, Send[]>()
  const checks = new Map<string, Check>()
  const send = (changeId: number, entry: Send) => {
    const entries = sends.get(changeId)
    if (entries) entries.push(entry)
    else sends.set(changeId, [entry])
  }

  for (const [entity, listening] of byEntity) {
    const meta = metas.get(entity)
    const tableChanges = wanted.filter((change) => change.entity === entity)
    if (!meta || tableChanges.length === 0) continue
    const passes = await filterPasses(db, meta, tableChanges, listening, warn)
    for (const change of tableChanges) {
      for (const subscription of listening) {
        if (!wants(subscription, change)) continue
        const error = refusal(meta, change.action, subscription.role)
        if (error) send(change.id, { subscription, error })
        else if (!passes(change, subscription) || revoked.has(subscription.claims.session_id as string)) continue
        else if (!meta.rls || meta.policies[subscription.role]?.bypass) send(change.id, { subscription })
        else waitForCheck(checks, subscription, meta, change)
      }
    }
  }
  for (const [changeId, subscription] of await runChecks(db, [...checks.values()], warn)) send(changeId, { subscription })
  dispatch(changes, sends, metas)
}

/** Session ids of the subscribers' tokens that were signed out: the stack stops REST for those at once, and changes too. */
async function revokedSessions(db: Database, subscriptions: Subscription[]): Promise<Set<string>> {
  const ids = [...new Set(subscriptions.map((s) => s.claims.session_id).filter((id): id is string => typeof id === 'string'))]
  const revoked = new Set(ids.filter((id) => !isUuid(id)))
  const valid = ids.filter(isUuid)
  if (valid.length === 0) return revoked
  const { rows } = await db.query<{ id: string }>(
    'select s::text as id from unnest($1::uuid[]) s where not exists (select from auth.sessions where id = s)',
    [`{${valid.join(',')}}`],
  )
  for (const row of rows) revoked.add(row.id)
  return revoked
}

/** Runs every distinct filter set of the table's subscriptions over its changes, in one statement. */
async function filterPasses(db: Database, meta: TableMeta, changes: CapturedChange[], listening: Subscription[], warn: (message: string) => void) {
  const sets = new Map<string, number>()
  const predicates: string[][] = []
  for (const subscription of listening) {
    const key = JSON.stringify(subscription.filters)
    if (subscription.filters.length === 0 || sets.has(key)) continue
    sets.set(key, predicates.length)
    predicates.push(
      subscription.filters.map((filter) => {
        const column = meta.columns.find((c) => c.name === filter.column)
        return column ? filterPredicate(filter, column.sqlType) : 'false'
      }),
    )
  }
  const passed = new Map<number, Set<number>>()
  if (predicates.length > 0) {
    // an insert or update is filtered on its new row, a delete on the identity WAL would carry
    const rows = changes.map((c) => ({ id: c.id, row: c.action === 'DELETE' ? identityOf(meta, c.oldRecord) : c.record }))
    try {
      const { rows: results } = await db.query<{ id: string; passed: number[] }>(filterSetsStatement(entityName(meta), predicates), [batchJson(rows)])
      for (const result of results) passed.set(Number(result.id), new Set(result.passed))
    } catch (error) {
      // a filter the table no longer fits (a column changed type since) passes nothing, and stops nobody else
      warn(`[realtime] filters on ${meta.schema}.${meta.table} failed, filtered subscriptions get nothing: ${(error as Error).message}`)
    }
  }
  return (change: CapturedChange, subscription: Subscription) =>
    subscription.filters.length === 0 || (passed.get(change.id)?.has(sets.get(JSON.stringify(subscription.filters))!) ?? false)
}

function waitForCheck(checks: Map<string, Check>, subscription: Subscription, meta: TableMeta, change: CapturedChange): void {
  const key = `${subscription.role}\n${JSON.stringify(subscription.claims)}`
  const check = checks.get(key) ?? { role: subscription.role, claims: subscription.claims, tables: new Map() }
  checks.set(key, check)
  const table = check.tables.get(meta.entity) ?? { meta, changes: new Map(), waiting: new Map() }
  check.tables.set(meta.entity, table)
  table.changes.set(change.id, change)
  table.waiting.set(change.id, [...(table.waiting.get(change.id) ?? []), subscription])
}

/** A pool runs a few calls of local_stack.realtime_visible at once; PGlite has one connection. */
const PARALLEL_CHECKS = { postgres: 3, pglite: 1 }

/**
 * Every subscriber's RLS over the batch, in one call of local_stack.realtime_visible per share of
 * the subscribers (one round trip, one transaction each): [change id, subscription] for each row
 * they may read.
 */
async function runChecks(db: Database, checks: Check[], warn: (message: string) => void): Promise<[number, Subscription][]> {
  const calls: { role: string; claims: string; sql: string; ids: string; waiting: Map<number, Subscription[]>; rows: Map<number, unknown> }[] = []
  for (const check of checks) {
    const claims = JSON.stringify({ ...check.claims, role: check.role })
    for (const { meta, changes, waiting } of check.tables.values()) {
      const policies = meta.policies[check.role] ?? { permissive: [], restrictive: [] }
      const sql = visibleRowsStatement(entityName(meta), meta.table, policies.permissive, policies.restrictive)
      if (!sql) continue
      // a delete is judged on the row it removed, the rest on the row as written
      const rows = new Map([...changes.values()].map((c) => [c.id, (c.action === 'DELETE' ? c.oldRecord : c.record) ?? {}]))
      calls.push({ role: check.role, claims, sql, ids: `{${[...rows.keys()].join(',')}}`, waiting, rows })
    }
  }
  const shares = Math.min(PARALLEL_CHECKS[db.kind], calls.length)
  const results = await Promise.all(
    Array.from({ length: shares }, async (_, share) => {
      const mine = calls.filter((_, i) => i % shares === share)
      const rows = new Map(mine.flatMap((call) => [...call.rows]))
      const batch = JSON.stringify({ rows: [...rows], checks: mine.map(({ role, claims, sql, ids }) => ({ role, claims, sql, ids })) })
      const { rows: answers } = await db.query<{ check_index: number; change_id: string | null; error: string | null }>(
        'select check_index, change_id, error from local_stack.realtime_visible($1::jsonb)',
        [batch],
      )
      return answers.map((answer) => ({ ...answer, call: mine[answer.check_index]! }))
    }),
  )
  const visible: [number, Subscription][] = []
  for (const { call, change_id, error } of results.flat()) {
    if (error !== null) warn(`[realtime] RLS check as ${call.role} failed, nothing sent: ${error}`)
    else for (const subscription of call.waiting.get(Number(change_id)) ?? []) visible.push([Number(change_id), subscription])
  }
  return visible
}

/** In commit order, one message per change and channel, naming every binding of the channel it matched. */
function dispatch(changes: CapturedChange[], sends: Map<number, Send[]>, metas: Map<number, TableMeta>): void {
  for (const change of changes) {
    const entries = sends.get(change.id)
    if (!entries) continue
    const meta = metas.get(change.entity)!
    const messages = new Map<string, { entry: Send; ids: Set<number> }>()
    const sinks = new Map<object, number>()
    for (const entry of entries) {
      const { sink, select, bindingId } = entry.subscription
      if (!sinks.has(sink)) sinks.set(sink, sinks.size)
      const key = `${sinks.get(sink)}\n${entry.error ?? ''}\n${JSON.stringify(select)}`
      const message = messages.get(key) ?? { entry, ids: new Set<number>() }
      message.ids.add(bindingId)
      messages.set(key, message)
    }
    const payloads = new Map<string, Record<string, unknown>>()
    for (const { entry, ids } of messages.values()) {
      const { role, select, sink } = entry.subscription
      const key = `${role}\n${entry.error ?? ''}\n${JSON.stringify(select)}`
      if (!payloads.has(key)) {
        payloads.set(key, entry.error ? errorPayload(meta, change.action, entry.error) : changePayload(meta, change, role, select))
      }
      sink.deliver([...ids], payloads.get(key)!)
    }
  }
}
