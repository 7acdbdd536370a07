import type { Database } from '../db/database.ts'
import { deliverBatch } from './change-batch.ts'
import { TableMetaCache } from './table-meta.ts'
import type { Action, CapturedChange } from './change-payload.ts'
import type { SubscriptionRegistry } from './subscriptions.ts'

const CHANNEL = 'local_stack_realtime'
const BATCH = 500
const GATHER_MS = 10

// The capture triggers (db/realtime-schema.sql) NOTIFY once a transaction with changes commits;
// the feed then takes the waiting changes, oldest first, a batch at a time, and sends each to
// whoever may see it. A change is sent at most once: a stack that dies mid-batch loses it, as
// Realtime's temporary replication slot would.
const TAKE_SQL = `
with taken as (
  delete from local_stack.realtime_changes
  where id in (select id from local_stack.realtime_changes order by id limit $1)
  returning id, entity, action, record, old_record, committed_at
)
select id, entity::int8 as entity, action, record, old_record,
  to_char(committed_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp,
  (select version from local_stack.realtime_catalog) as catalog_version
from taken order by id`

interface TakenRow {
  id: string
  entity: string
  action: Action
  record: Record<string, unknown> | null
  old_record: Record<string, unknown> | null
  commit_timestamp: string
  catalog_version: string
}

export class ChangeFeed {
  private unlisten: (() => Promise<void>) | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = false
  private readonly metas = new TableMetaCache()

  constructor(
    private readonly db: Database,
    private readonly registry: SubscriptionRegistry,
    private readonly warn: (message: string) => void = (message) => console.warn(message),
  ) {}

  /** Changes left from a previous run went to nobody then, and go to nobody now. */
  async start(): Promise<void> {
    await this.db.exec('truncate local_stack.realtime_changes; truncate local_stack.realtime_listened;')
    this.unlisten = await this.db.listen(CHANNEL, () => this.kick(), () => this.kick())
  }

  /** Takes and sends what is waiting; a call while it runs makes it look again when done. */
  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    // a moment for the transactions committing with this one to join its batch, as Realtime's
    // poller reads the slot every few dozen milliseconds rather than at every commit
    this.running = new Promise((resolve) => setTimeout(resolve, GATHER_MS))
      .then(() => this.drain())
      .finally(() => {
        this.running = undefined
      })
  }

  /** Resolves once everything committed so far has been sent. */
  async settled(): Promise<void> {
    while (this.running) await this.running
  }

  async stop(): Promise<void> {
    this.stopped = true
    await this.unlisten?.()
    await this.running
  }

  private async drain(): Promise<void> {
    do {
      this.again = false
      try {
        let batch: { changes: CapturedChange[]; catalogVersion: string }
        do {
          batch = await this.take()
          if (batch.changes.length > 0 && this.registry.size > 0) {
            const metas = (entities: number[]) => this.metas.get(this.db, entities, batch.catalogVersion)
            await deliverBatch(this.db, this.registry, batch.changes, metas, this.warn)
          }
        } while (batch.changes.length === BATCH && !this.stopped)
      } catch (error) {
        // the database went away: the listener's reconnect kicks again
        if (!this.stopped) this.warn(`[realtime] changes not sent: ${(error as Error).message}`)
        return
      }
    } while (this.again && !this.stopped)
  }

  /** The next changes, and the catalogue's version as the same snapshot saw it. */
  private async take(): Promise<{ changes: CapturedChange[]; catalogVersion: string }> {
    const { rows } = await this.db.query<TakenRow>(TAKE_SQL, [BATCH])
    const changes = rows.map((row) => ({
      id: Number(row.id),
      entity: Number(row.entity),
      action: row.action,
      record: row.record,
      oldRecord: row.old_record,
      commitTimestamp: row.commit_timestamp,
    }))
    return { changes, catalogVersion: String(rows[0]?.catalog_version ?? '') }
  }
}
