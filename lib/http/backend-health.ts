// Whether the Supabase backend answered lately, shared by the proxy and the renderer of one
// Node process (globalThis: they are separate bundles). A failure makes the proxy ask again
// before it renders a protected page, so an outage answers 503 instead of a half-drawn page.
const KEY = Symbol.for('shelfsnap.backend-health')

interface Health {
  downSince: number | null
}

function state(): Health {
  const holder = globalThis as { [KEY]?: Health }
  holder[KEY] ??= { downSince: null }
  return holder[KEY]
}

export function markBackendDown(now = Date.now()) {
  state().downSince ??= now
}

export function markBackendUp() {
  state().downSince = null
}

export function backendSeemsDown(): boolean {
  return state().downSince !== null
}
