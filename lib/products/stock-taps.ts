import type { Conflict, OutboxEntry, TapKind } from '@/lib/offline/device-db'
import type { OutboxStore } from '@/lib/offline/outbox-store'

export type { TapKind }

/**
 * `unanswered`: the request went out and no answer came (no connection, the backend did not
 * reply in time). It may have been booked: it is sent again with the same request id, never dropped.
 * `held`: the server will not take this user's changes now (signed out, or someone else signed in
 * on this browser): they stay on the device, unsent, until this user's page is opened again.
 * Any other refusal is a conflict for the owner to resolve.
 */
export type BookResult =
  | { ok: true; qty: number }
  | { ok: false; message: string; qty?: number }
  | { ok: false; unanswered: true }
  | { ok: false; held: string }

/** Waits between tries of an unanswered change: 1, 2, 4, 8 s, then every 15 s. */
export const retryDelayMs = (attempt: number) => Math.min(1000 * 2 ** attempt, 15_000)

export interface StockTapsOptions {
  userId: string
  /** the device's outbox for userId: every change is kept there from its first tap until it is answered */
  store: OutboxStore
  quietMs: number
  book: (entry: OutboxEntry) => Promise<BookResult>
  newId: () => string
  now?: () => number
  /** whether the browser has a connection at the start; setOnline() follows it */
  online?: boolean
  /** `late`: made offline, or on an earlier visit, and booked only now */
  onBooked?: (entry: OutboxEntry, qty: number, late: boolean) => void
  /** a change made offline or on an earlier visit was refused: kept as a conflict */
  onConflict?: (conflict: Conflict) => void
  /** a change made just now was refused */
  onRefused?: (entry: OutboxEntry, message: string) => void
  /** a change on its way this long without an answer shows as saving */
  slowMs?: number
  retryDelay?: (attempt: number) => number
}

export interface StockTapsSnapshot {
  /** stock the server confirmed since the list was loaded, by product */
  stored: ReadonlyMap<string, number>
  /** changes not yet booked (being tapped, on their way or waiting), as a signed change, by product */
  pending: ReadonlyMap<string, number>
  /** whether any change is not yet booked */
  busy: boolean
  /** the product whose change is on its way with no answer yet after a moment (or sent again) */
  saving: ReadonlySet<string>
  /** changes kept on the device and not booked yet */
  waiting: number
  /** of those, the ones made offline or on an earlier visit: once the network is back, being synced */
  syncing: number
  /** changes are being kept, not sent: no connection, no answer, or `holdReason` */
  holding: boolean
  online: boolean
  /** why this user's changes are not sent at all (signed out...), or null */
  holdReason: string | null
  conflicts: readonly Conflict[]
  lastSyncAt: number | null
  /** the device's outbox has been read */
  ready: boolean
}

/** The stock to show: the last stored number known plus the changes not yet booked. */
export function shownQty(snapshot: StockTapsSnapshot, productId: string, loadedQty: number): number {
  return (snapshot.stored.get(productId) ?? loadedQty) + (snapshot.pending.get(productId) ?? 0)
}

/** The signed change an entry books. */
export function deltaOf(entry: Pick<OutboxEntry, 'kind' | 'count' | 'sign'>): number {
  if (entry.kind === 'adjust') return (entry.sign ?? 1) * entry.count
  return entry.kind === 'sold' ? -entry.count : entry.count
}

/**
 * The counter's outbox. Taps on one product and direction within `quietMs` join into one change
 * with one request id; every change is kept on the device from its first tap, sent one at a time
 * in the order made, sent again with the same id until the server answers, and kept while there
 * is no connection. A refusal becomes a conflict; nothing is dropped without the owner seeing it.
 */
export class StockTaps {
  private open = new Map<string, { entry: OutboxEntry; timer: ReturnType<typeof setTimeout> }>()
  /** sealed changes in the order they are sent */
  private queue: OutboxEntry[] = []
  private stored = new Map<string, number>()
  private pending = new Map<string, number>()
  private conflicts: Conflict[] = []
  private late = new Set<string>()
  /** changes whose write to the device failed: only this page knows them */
  private unsaved = new Set<string>()
  private lastSyncAt: number | null = null
  private lastSeq = 0
  private online: boolean
  private slow = false
  private stalled = false
  private holdReason: string | null = null
  private ready = false
  private stopped = false
  private running = false
  private wake: (() => void) | null = null
  private writes: Promise<unknown> = Promise.resolve()
  private readonly loaded: Promise<void>
  private snapshot: StockTapsSnapshot
  private listeners = new Set<() => void>()

  constructor(private readonly options: StockTapsOptions) {
    this.online = options.online ?? true
    this.snapshot = this.makeSnapshot()
    this.loaded = this.load()
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = () => this.snapshot

  /** Resolves once the changes kept on the device are read (and queued to send). */
  whenReady(): Promise<void> {
    return this.loaded
  }

  tap(productId: string, name: string, kind: TapKind): OutboxEntry {
    const key = `${productId}:${kind}`
    const open = this.open.get(key)
    if (open) clearTimeout(open.timer)
    const entry = open?.entry ?? this.newEntry({ productId, name, kind, count: 0 })
    entry.count += 1
    this.open.set(key, { entry, timer: setTimeout(() => this.seal(key), this.options.quietMs) })
    this.save(entry)
    this.addPending(productId, deltaOf({ kind, count: 1 }))
    this.emit()
    return entry
  }

  /** An adjustment (a form's add or remove): kept and queued at once, never joined with taps. */
  adjust(change: { productId: string; name: string; sign: 1 | -1; count: number; reason: string; note: string | null; requestId?: string }): OutboxEntry {
    const { requestId, ...rest } = change
    const entry = this.newEntry({ ...rest, kind: 'adjust' }, requestId)
    this.save(entry)
    this.addPending(entry.productId, deltaOf(entry))
    this.enqueue(entry)
    return entry
  }

  /** Sends every change still being tapped now (leaving the page, or the owner asked to sync). */
  flush(): void {
    for (const [key, { timer }] of this.open) {
      clearTimeout(timer)
      this.seal(key)
    }
  }

  /** The browser's connection came or went. Coming back sends what waits at once. */
  setOnline(online: boolean): void {
    if (this.online === online) return
    this.online = online
    this.emit()
    if (online) this.kick()
  }

  /** A stock number the server gave (an undo); null forgets them all (fresh numbers came with the page). */
  setStored(productId: string | null, qty = 0): void {
    if (productId === null) this.stored.clear()
    else this.stored.set(productId, qty)
    this.emit()
  }

  /** Whether the change with this request id is still on its way from this page (being tapped, queued, or sent and unanswered). */
  isWaiting(requestId: string): boolean {
    return this.queue.some((entry) => entry.requestId === requestId) || [...this.open.values()].some(({ entry }) => entry.requestId === requestId)
  }

  /** The owner has seen a conflict and decided: it leaves the list, here and on the device. */
  dismiss(requestId: string): void {
    this.conflicts = this.conflicts.filter((conflict) => conflict.requestId !== requestId)
    this.persist(() => this.options.store.dismiss(requestId))
    this.emit()
  }

  /** Stops sending (the page is going away or another user's page replaces it); the device keeps the rest. */
  stop(): void {
    this.stopped = true
    for (const { timer } of this.open.values()) clearTimeout(timer)
    this.wake?.()
  }

  private async load() {
    const { store } = this.options
    const [entries, conflicts, lastSync] = await Promise.all([store.list(), store.conflicts(), store.lastSync()]).catch(
      () => [[], [], null] as const,
    )
    const known = new Set(this.queue.map((entry) => entry.requestId))
    for (const { entry } of this.open.values()) known.add(entry.requestId)
    // Changes kept from earlier visits go first, in the order they were made; nothing has been sent before this.
    const earlier = entries.filter((entry) => !known.has(entry.requestId))
    for (const entry of entries) this.lastSeq = Math.max(this.lastSeq, entry.seq)
    for (const entry of earlier) {
      this.late.add(entry.requestId)
      this.addPending(entry.productId, deltaOf(entry))
    }
    this.queue = [...earlier, ...this.queue]
    this.conflicts = [...conflicts, ...this.conflicts]
    this.lastSyncAt = this.lastSyncAt ?? lastSync
    this.ready = true
    this.emit()
    this.kick()
  }

  private newEntry(fields: Pick<OutboxEntry, 'productId' | 'name' | 'kind' | 'count'> & Partial<OutboxEntry>, requestId?: string): OutboxEntry {
    const now = (this.options.now ?? Date.now)()
    this.lastSeq = Math.max(now, this.lastSeq + 1)
    const entry: OutboxEntry = { ...fields, requestId: requestId ?? this.options.newId(), userId: this.options.userId, seq: this.lastSeq, createdAt: now }
    if (!this.online) this.late.add(entry.requestId)
    return entry
  }

  private seal(key: string) {
    const open = this.open.get(key)
    if (!open) return
    this.open.delete(key)
    this.enqueue(open.entry)
  }

  private enqueue(entry: OutboxEntry) {
    this.queue.push(entry)
    this.emit()
    this.kick()
  }

  /** Device writes happen one after another, in the order asked. */
  private persist(write: () => Promise<unknown>) {
    this.writes = this.writes.then(write).catch(() => {})
  }

  private save(entry: OutboxEntry) {
    const copy = { ...entry }
    this.writes = this.writes
      .then(() => this.options.store.put(copy))
      .then(
        () => this.unsaved.delete(copy.requestId),
        () => this.unsaved.add(copy.requestId),
      )
  }

  private kick() {
    if (this.running) {
      this.wake?.()
      return
    }
    this.running = true
    void this.run().finally(() => {
      this.running = false
      // a change queued as the loop ended
      if (this.queue.length && !this.holdReason && !this.stopped) this.kick()
    })
  }

  private sleep(ms: number | null): Promise<void> {
    return new Promise((done) => {
      const finish = () => {
        clearTimeout(timer)
        this.wake = null
        done()
      }
      const timer = ms === null ? undefined : setTimeout(finish, ms)
      this.wake = finish
    })
  }

  private async run() {
    await this.loaded
    let attempt = 0
    while (this.queue.length && !this.holdReason && !this.stopped) {
      if (!this.online) {
        await this.sleep(null)
        attempt = 0
        continue
      }
      const entry = this.queue[0]!
      await this.writes
      if (!(await this.stillWaiting(entry))) {
        // another tab of this user's has had its answer meanwhile
        this.queue.shift()
        this.late.delete(entry.requestId)
        this.addPending(entry.productId, -deltaOf(entry))
        this.emit()
        continue
      }
      const result = await this.send(entry)
      if ('unanswered' in result) {
        this.stalled = true
        this.emit()
        await this.sleep((this.options.retryDelay ?? retryDelayMs)(attempt++))
        continue
      }
      if ('held' in result) {
        this.holdReason = result.held
        this.slow = false
        this.emit()
        return
      }
      attempt = 0
      this.stalled = false
      this.queue.shift()
      this.settle(entry, result)
    }
  }

  private async stillWaiting(entry: OutboxEntry) {
    if (this.unsaved.has(entry.requestId)) return true
    return this.options.store.has(entry.requestId).catch(() => true)
  }

  private async send(entry: OutboxEntry): Promise<BookResult> {
    const timer = setTimeout(() => {
      this.slow = true
      this.emit()
    }, this.options.slowMs ?? 1000)
    let result: BookResult
    try {
      result = await this.options.book(entry)
    } catch {
      result = { ok: false, unanswered: true }
    }
    clearTimeout(timer)
    this.slow = 'unanswered' in result
    return result
  }

  private settle(entry: OutboxEntry, result: { ok: true; qty: number } | { ok: false; message: string; qty?: number }) {
    const { store, now = Date.now } = this.options
    const late = this.late.delete(entry.requestId)
    this.unsaved.delete(entry.requestId)
    this.addPending(entry.productId, -deltaOf(entry))
    if (result.qty !== undefined) this.stored.set(entry.productId, result.qty)
    const at = now()
    this.lastSyncAt = at
    // A refusal of a change made offline (or on an earlier visit) is kept for the owner to resolve;
    // one made just now is answered on the spot (onRefused), while the owner is looking.
    let conflict: Conflict | null = null
    if (!result.ok && late) {
      conflict = { requestId: entry.requestId, userId: entry.userId, entry, message: result.message, qty: result.qty, at }
      this.conflicts = [...this.conflicts, conflict]
      this.persist(() => store.refuse(conflict!))
    } else {
      this.persist(() => store.remove(entry.requestId))
    }
    this.persist(() => store.setLastSync(at))
    this.emit()
    if (result.ok) this.options.onBooked?.(entry, result.qty, late)
    else if (conflict) this.options.onConflict?.(conflict)
    else this.options.onRefused?.(entry, result.message)
  }

  private addPending(productId: string, delta: number) {
    const next = (this.pending.get(productId) ?? 0) + delta
    if (next === 0) this.pending.delete(productId)
    else this.pending.set(productId, next)
  }

  private makeSnapshot(): StockTapsSnapshot {
    const waiting = this.open.size + this.queue.length
    const head = this.queue[0]
    const isLate = (entry: OutboxEntry) => this.late.has(entry.requestId)
    return {
      stored: new Map(this.stored),
      pending: new Map(this.pending),
      busy: waiting > 0,
      saving: new Set(this.online && this.slow && head ? [head.productId] : []),
      waiting,
      syncing: this.queue.filter(isLate).length + [...this.open.values()].filter(({ entry }) => isLate(entry)).length,
      holding: waiting > 0 && (!this.online || this.stalled || this.holdReason !== null),
      online: this.online,
      holdReason: this.holdReason,
      conflicts: this.conflicts,
      lastSyncAt: this.lastSyncAt,
      ready: this.ready,
    }
  }

  private emit() {
    this.snapshot = this.makeSnapshot()
    for (const listener of this.listeners) listener()
  }
}
