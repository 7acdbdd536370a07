import { isAuthRetryableFetchError } from '@supabase/supabase-js'
import { markBackendDown, markBackendUp } from '@/lib/http/backend-health'
import { BACKEND_UNREACHABLE_MESSAGE, OUTAGE_DIGEST_PREFIX } from '@/lib/http/outage'

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE'])

/** Every Supabase call from the server gives up after this long. */
export const BACKEND_DEADLINE_MS = 8_000
/** A 5,000-row import is one statement that answers only when it is done. */
export const BULK_DEADLINE_MS = 30_000

/** The database's API answered, but only to say it cannot reach the database. */
class OutageAnswer extends Error {
  constructor(status: number) {
    super(`the database API answered ${status}`)
  }
}

/** Thrown by the server clients' fetch when the backend cannot be asked (refused, reset, timed out). */
export class BackendUnreachableError extends Error {
  override name = 'BackendUnreachableError'
  readonly digest = `${OUTAGE_DIGEST_PREFIX}${crypto.randomUUID().slice(0, 8)}`
  constructor(cause: unknown) {
    super(BACKEND_UNREACHABLE_MESSAGE, { cause })
  }
}

/**
 * A deadline that counts time without progress: it starts again whenever a piece of the answer
 * arrives, so a large photo that keeps coming is not cut off, while a frozen backend is. When it
 * runs out, the I/O already waiting goes first: after the event loop was blocked (a photo being
 * decoded), an answer that arrived meanwhile is not thrown away.
 */
class Deadline {
  private readonly controller = new AbortController()
  private timer: NodeJS.Timeout | undefined
  private pending: NodeJS.Immediate | undefined
  readonly signal = this.controller.signal

  constructor(private readonly ms: number) {
    this.restart()
  }

  restart() {
    this.stop()
    this.timer = setTimeout(() => {
      this.pending = setImmediate(() => this.controller.abort(new DOMException('The backend did not answer in time', 'TimeoutError')))
    }, this.ms)
    this.timer.unref()
  }

  stop() {
    clearTimeout(this.timer)
    clearImmediate(this.pending)
  }

  /** The same response, its body restarting the deadline as it flows and ending it when done. */
  watch(response: Response): Response {
    if (!response.body) {
      this.stop()
      return response
    }
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, output) => {
          this.restart()
          output.enqueue(chunk)
        },
        flush: () => this.stop(),
      }),
    )
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
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
    const deadline = new Deadline(deadlineMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal
    const database = urlOf(input).includes('/rest/v1/')
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const call = () => fetch(input, { ...init, signal })
    try {
      // Trap: a kept-alive socket the server has just closed fails at once ("other side closed").
      // PostgREST's own retry is off (it would multiply the deadline), so an idempotent call
      // (a read, a PUT or a DELETE by filter) gets one more try; a POST or PATCH never does.
      const response = await call().catch((error: unknown) => {
        if (signal.aborted || !IDEMPOTENT.has(method)) throw error
        return call()
      })
      // PostgREST answers 503 (PGRST000-002) or 504 (PGRST003) when it cannot reach the database, and
      // a gateway in front of a dead service answers 502-504 itself: an outage, as a refused connection is.
      if (database && response.status >= 502 && response.status <= 504) {
        await response.body?.cancel()
        throw new OutageAnswer(response.status)
      }
      if (database) markBackendUp()
      return deadline.watch(response)
    } catch (error) {
      deadline.stop()
      // The caller gave up: not an outage.
      if (init?.signal?.aborted) throw error
      if (database) markBackendDown()
      // The detail stays in the server log; callers and screens get the plain message.
      console.error('Supabase call failed:', method, urlOf(input).split('?')[0], error)
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
  if (name === 'BackendUnreachableError' || name === 'TimeoutError') return true
  if (typeof status === 'number' && status >= 500) return true
  return typeof message === 'string' && /^(BackendUnreachableError|TimeoutError)\b/.test(message)
}

/**
 * What to throw for a Supabase call that answered an error: an outage (the error boundary's "cannot
 * reach its database", and its reference) when the backend could not be asked, else the message.
 */
export function callFailure(error: { message: string }): Error {
  return isBackendFailure(error) ? new BackendUnreachableError(error) : new Error(error.message)
}
