/**
 * A fixed-window limit per key, in this server's memory: enough to stop one
 * feed URL being hammered from a sheet or a script. On a serverless host each
 * instance counts on its own, so the limit there is per instance.
 */
export function rateLimiter({ max, windowMs }: { max: number; windowMs: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  return {
    /** true when `key` may go ahead now (and counts it) */
    allow(key: string, now = Date.now()): boolean {
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k)
      const window = windows.get(key)
      if (!window || window.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs })
        return true
      }
      window.count++
      return window.count <= max
    },
  }
}
