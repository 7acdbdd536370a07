/** Taps on "Sold 1" (or +1) within the quiet window become one booked change with one request id. */
export type TapKind = 'sold' | 'received'

export interface TapBatch {
  productId: string
  kind: TapKind
  count: number
  requestId: string
}

/**
 * `unanswered`: the request went out and no answer came (the connection dropped, the backend did not
 * reply in time). It may have been booked: it is sent again with the same request id, never dropped.
 */
export type BookResult = { ok: true; qty: number } | { ok: false; message: string; qty?: number } | { ok: false; unanswered: true }

/** Waits between tries of an unanswered batch: 1, 2, 4, 8 s, then every 15 s. */
export const retryDelayMs = (attempt: number) => Math.min(1000 * 2 ** attempt, 15_000)

export interface StockTapsOptions {
  quietMs: number
  book: (batch: TapBatch) => Promise<BookResult>
  newId: () => string
  onBooked?: (batch: TapBatch, qty: number) => void
  onFailed?: (batch: TapBatch, message: string) => void
  /** a batch on its way this long without an answer shows as saving */
  slowMs?: number
  retryDelay?: (attempt: number) => number
}

export interface StockTapsSnapshot {
  /** stock the server confirmed since the list was loaded, by product */
  stored: ReadonlyMap<string, number>
  /** taps not yet confirmed (queued or on their way), as a signed change, by product */
  pending: ReadonlyMap<string, number>
  /** whether any batch is still queued or on its way */
  busy: boolean
  /** products with a change on its way and no answer yet after a moment (or sent again) */
  saving: ReadonlySet<string>
}

/** The stock to show: the last stored number known plus the taps not yet confirmed. */
export function shownQty(snapshot: StockTapsSnapshot, productId: string, loadedQty: number): number {
  return (snapshot.stored.get(productId) ?? loadedQty) + (snapshot.pending.get(productId) ?? 0)
}

const sign = (kind: TapKind) => (kind === 'sold' ? -1 : 1)

export class StockTaps {
  private queued = new Map<string, { batch: TapBatch; timer: ReturnType<typeof setTimeout> }>()
  private stored = new Map<string, number>()
  private pending = new Map<string, number>()
  private sending = 0
  // One product's batches are booked one after another, so the last answer is the newest stock.
  private chains = new Map<string, Promise<void>>()
  private saving = new Map<string, number>()
  private snapshot: StockTapsSnapshot = { stored: new Map(), pending: new Map(), busy: false, saving: new Set() }
  private listeners = new Set<() => void>()

  constructor(private readonly options: StockTapsOptions) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = () => this.snapshot

  tap(productId: string, kind: TapKind): TapBatch {
    const key = `${productId}:${kind}`
    const open = this.queued.get(key)
    if (open) clearTimeout(open.timer)
    const batch = open?.batch ?? { productId, kind, count: 0, requestId: this.options.newId() }
    batch.count += 1
    this.queued.set(key, { batch, timer: setTimeout(() => this.send(key), this.options.quietMs) })
    this.addPending(productId, sign(kind))
    this.emit()
    return batch
  }

  /** Sends every queued batch now (leaving the page must not drop taps). */
  flush(): void {
    for (const [key, { timer }] of this.queued) {
      clearTimeout(timer)
      this.send(key)
    }
  }

  /** A stock number the server gave (an undo); null forgets them all (fresh numbers came with the page). */
  setStored(productId: string | null, qty = 0): void {
    if (productId === null) this.stored.clear()
    else this.stored.set(productId, qty)
    this.emit()
  }

  private send(key: string) {
    const entry = this.queued.get(key)
    if (!entry) return
    this.queued.delete(key)
    this.sending += 1
    const { productId } = entry.batch
    const next = (this.chains.get(productId) ?? Promise.resolve()).then(() => this.book(entry.batch))
    this.chains.set(productId, next)
    void next.then(() => {
      if (this.chains.get(productId) === next) this.chains.delete(productId)
    })
  }

  private async book(batch: TapBatch) {
    const { slowMs = 1000, retryDelay = retryDelayMs } = this.options
    let slow = false
    const markSlow = () => {
      if (slow) return
      slow = true
      this.saving.set(batch.productId, (this.saving.get(batch.productId) ?? 0) + 1)
      this.emit()
    }
    const timer = setTimeout(markSlow, slowMs)
    let result: BookResult
    for (let attempt = 0; ; attempt++) {
      try {
        result = await this.options.book(batch)
      } catch {
        result = { ok: false, unanswered: true }
      }
      if (!('unanswered' in result)) break
      markSlow()
      await new Promise((done) => setTimeout(done, retryDelay(attempt)))
    }
    clearTimeout(timer)
    if (slow) {
      const left = this.saving.get(batch.productId)! - 1
      if (left === 0) this.saving.delete(batch.productId)
      else this.saving.set(batch.productId, left)
    }
    this.sending -= 1
    this.addPending(batch.productId, -sign(batch.kind) * batch.count)
    if (result.qty !== undefined) this.stored.set(batch.productId, result.qty)
    this.emit()
    if (result.ok) this.options.onBooked?.(batch, result.qty)
    else this.options.onFailed?.(batch, result.message)
  }

  private addPending(productId: string, delta: number) {
    const next = (this.pending.get(productId) ?? 0) + delta
    if (next === 0) this.pending.delete(productId)
    else this.pending.set(productId, next)
  }

  private emit() {
    this.snapshot = {
      stored: new Map(this.stored),
      pending: new Map(this.pending),
      busy: this.queued.size + this.sending > 0,
      saving: new Set(this.saving.keys()),
    }
    for (const listener of this.listeners) listener()
  }
}
