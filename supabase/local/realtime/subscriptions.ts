import type { Database } from '../db/database.ts'
import type { JwtClaims } from '../tokens.ts'
import type { ChangeAction, ChangeFilter } from './change-params.ts'

/** Where a channel's changes go: one call per change, naming the bindings it matched. */
export interface ChangeSink {
  deliver(bindingIds: number[], data: Record<string, unknown>): void
}

/** One binding of one channel on one table (a binding on `*` is one per table), as realtime.subscription holds it. */
export interface Subscription {
  sink: ChangeSink
  bindingId: number
  entity: number
  action: ChangeAction
  filters: ChangeFilter[]
  select: string[] | null
  role: string
  claims: JwtClaims
}

/**
 * The subscriptions of every open channel, by table. The tables someone listens to are written to
 * local_stack.realtime_listened (the capture triggers keep changes of those only) before
 * `replace` resolves, so a change made after "Subscribed to PostgreSQL" is never missed.
 */
export class SubscriptionRegistry {
  private readonly bySink = new Map<ChangeSink, Subscription[]>()
  private written = ''
  private writing: Promise<void> = Promise.resolve()
  private closed = false

  constructor(private readonly db: Database) {}

  forEntity(entity: number): Subscription[] {
    const found: Subscription[] = []
    for (const subscriptions of this.bySink.values()) {
      for (const subscription of subscriptions) if (subscription.entity === entity) found.push(subscription)
    }
    return found
  }

  get size(): number {
    let count = 0
    for (const subscriptions of this.bySink.values()) count += subscriptions.length
    return count
  }

  /** A channel's subscriptions, instead of any it had. */
  async replace(sink: ChangeSink, subscriptions: Subscription[]): Promise<void> {
    if (subscriptions.length > 0) this.bySink.set(sink, subscriptions)
    else this.bySink.delete(sink)
    await this.writeListened()
  }

  async remove(sink: ChangeSink): Promise<void> {
    if (this.bySink.delete(sink)) await this.writeListened()
  }

  /** A refreshed token: the same subscriptions, checked from now on as the new claims. */
  updateClaims(sink: ChangeSink, role: string, claims: JwtClaims): void {
    for (const subscription of this.bySink.get(sink) ?? []) Object.assign(subscription, { role, claims })
  }

  /** The stack is stopping: forget every subscription, and write nothing more to the database. */
  close(): void {
    this.closed = true
    this.bySink.clear()
  }

  /** Writes run one after another, each with the set as it is when its turn comes. */
  private writeListened(): Promise<void> {
    const next = this.writing.then(async () => {
      if (this.closed) return
      const entities = [...new Set([...this.bySink.values()].flat().map((s) => s.entity))].sort((a, b) => a - b)
      const key = entities.join(',')
      if (key === this.written) return
      const list = `{${key}}`
      await this.db.transaction(async (tx) => {
        await tx.query('delete from local_stack.realtime_listened where entity <> all($1::oid[])', [list])
        await tx.query('insert into local_stack.realtime_listened select unnest($1::oid[]) on conflict do nothing', [list])
      })
      this.written = key
    })
    this.writing = next.catch(() => {})
    return next
  }
}
