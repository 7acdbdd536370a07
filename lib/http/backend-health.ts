// Whether the Supabase backend answered lately, shared by the proxy and the renderer of one
// Node process (globalThis: they are separate bundles). The proxy asks the database before it
// draws a protected page unless an answer is recent, so an outage answers 503 instead of a
// half-drawn page.
const KEY = Symbol.for('shelfsnap.backend-health')

/** A database answer this recent vouches for it; older, the proxy asks before it draws a page. */
export const BACKEND_VOUCHED_MS = 3_000

interface Health {
  downSince: number | null
  /** when the database last answered */
  answeredAt: number
  /** the proxy's question in flight, shared by the requests that arrive meanwhile */
  asking: Promise<boolean> | null
  /** the last question's answer, and when it came */
  asked: { at: number; up: boolean } | null
}

function state(): Health {
  const holder = globalThis as { [KEY]?: Health }
  holder[KEY] ??= { downSince: null, answeredAt: 0, asking: null, asked: null }
  return holder[KEY]
}

// A newer fact than the proxy's last answer replaces it: a page that just failed outranks a check that passed.
export function markBackendDown(now = Date.now()) {
  const health = state()
  health.downSince ??= now
  health.asked = null
}

export function markBackendUp(now = Date.now()) {
  const health = state()
  health.downSince = null
  health.answeredAt = now
  health.asked = null
}

export function backendSeemsDown(): boolean {
  return state().downSince !== null
}

/** An answer this recent vouches for the database: nothing needs asking. */
export function backendAnsweredWithin(ms: number, now = Date.now()): boolean {
  const health = state()
  return health.downSince === null && now - health.answeredAt < ms
}

/**
 * Asks with `ask` (which marks the health itself), one question at a time: requests that arrive
 * while it is out wait for its answer, and an answer is reused for `reuseMs`.
 */
export async function askBackend(ask: () => Promise<boolean>, reuseMs: number, now = Date.now()): Promise<boolean> {
  const health = state()
  if (health.asked && now - health.asked.at < reuseMs) return health.asked.up
  health.asking ??= ask()
    .then((up) => {
      health.asked = { at: Date.now(), up }
      return up
    })
    .finally(() => {
      health.asking = null
    })
  return health.asking
}
