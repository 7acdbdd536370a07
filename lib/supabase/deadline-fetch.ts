import { isAuthRetryableFetchError } from '@supabase/supabase-js'
import { markBackendDown, markBackendUp } from '@/lib/http/backend-health'
import { BACKEND_UNREACHABLE_MESSAGE, OUTAGE_DIGEST_PREFIX } from '@/lib/http/outage'

/** Every Supabase call from the server gives up after this long. */
export const BACKEND_DEADLINE_MS = 8_000

/** Thrown by the server clients' fetch when the backend cannot be asked (refused, reset, timed out). */
export class BackendUnreachableError extends Error {
  override name = 'BackendUnreachableError'
  readonly digest = `${OUTAGE_DIGEST_PREFIX}${crypto.randomUUID().slice(0, 8)}`
  constructor(cause: unknown) {
    super(BACKEND_UNREACHABLE_MESSAGE, { cause })
  }
}

/**
 * Like AbortSignal.timeout, but it lets the I/O already waiting go first: after the event loop
 * was blocked (a photo being decoded), an answer that arrived meanwhile is not thrown away.
 */
function deadlineSignal(ms: number): AbortSignal {
  const controller = new AbortController()
  const timer = setTimeout(() => {
    setImmediate(() => controller.abort(new DOMException('The backend did not answer in time', 'TimeoutError')))
  }, ms)
  timer.unref()
  return controller.signal
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
}

/**
 * fetch with a deadline, for the `global.fetch` option of every server-side Supabase client.
 * Database (PostgREST) calls also keep the backend health the proxy reads: only they, so that
 * a working auth server cannot hide a dead database.
 */
export function deadlineFetch(deadlineMs = BACKEND_DEADLINE_MS): typeof fetch {
  return async (input, init) => {
    const deadline = deadlineSignal(deadlineMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline
    const database = urlOf(input).includes('/rest/v1/')
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const call = () => fetch(input, { ...init, signal })
    try {
      // Trap: a kept-alive socket the server has just closed fails at once ("other side closed").
      // PostgREST's own retry is off (it would multiply the deadline), so a read gets one more try.
      const response = await call().catch((error: unknown) => {
        if (signal.aborted || (method !== 'GET' && method !== 'HEAD')) throw error
        return call()
      })
      // A gateway in front of a dead service answers 502-504 itself.
      if (database && response.status >= 502 && response.status <= 504) markBackendDown()
      else if (database) markBackendUp()
      return response
    } catch (error) {
      // The caller gave up: not an outage.
      if (init?.signal?.aborted) throw error
      if (database) markBackendDown()
      throw new BackendUnreachableError(error)
    }
  }
}

/**
 * "Could not ask" rather than "no": a network failure, a timeout or a 5xx from auth.
 * supabase-js wraps our typed error: auth in AuthRetryableFetchError (also used for 502-504),
 * PostgREST in `{ message: 'BackendUnreachableError: ...' }`.
 */
export function isBackendFailure(error: unknown): boolean {
  if (!error) return false
  if (error instanceof BackendUnreachableError || isAuthRetryableFetchError(error)) return true
  const { status, message, name } = error as { status?: unknown; message?: unknown; name?: unknown }
  if (name === 'BackendUnreachableError') return true
  if (typeof status === 'number' && status >= 500) return true
  return typeof message === 'string' && message.startsWith('BackendUnreachableError')
}
