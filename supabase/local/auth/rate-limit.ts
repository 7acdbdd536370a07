import type { RateLimit } from '../config.ts'

interface Window {
  count: number
  resetAt: number
}

/** Fixed-window counters per key, in memory, with a cap on how many keys are kept. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(
    private readonly limit: RateLimit,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for every key; false when any of them is over the limit. */
  hit(keys: string[]): boolean {
    const now = this.now()
    let allowed = true
    for (const key of keys) {
      let window = this.windows.get(key)
      if (!window || window.resetAt <= now) {
        this.windows.delete(key)
        window = { count: 0, resetAt: now + this.limit.windowMs }
        this.makeRoom(now)
        this.windows.set(key, window)
      }
      window.count += 1
      if (window.count > this.limit.max) allowed = false
    }
    return allowed
  }

  get size(): number {
    return this.windows.size
  }

  private makeRoom(now: number): void {
    if (this.windows.size < this.maxKeys) return
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key)
    }
    // Still full: drop the oldest windows (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break
      this.windows.delete(key)
    }
  }
}
