import { BACKEND_DEADLINE_MS, deadlineFetch } from './deadline-fetch'

/** The header Supabase Auth reads the end user's address from (its IP address forwarding). */
const FORWARDED_FOR_HEADER = 'Sb-Forwarded-For'

/**
 * Auth calls made for a client whose address the app knows carry it, so the auth server limits
 * that client and not this server. Hosted Supabase takes the header only on requests made with a
 * secret key (and IP address forwarding turned on); the local stack does the same.
 */
function forwardingFor(address: string, inner: typeof fetch): typeof fetch {
  const secret = process.env.SUPABASE_SECRET_KEY
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!url.includes('/auth/v1/') || !secret) return inner(input, init)
    const headers = new Headers(init?.headers)
    headers.set(FORWARDED_FOR_HEADER, address)
    headers.set('apikey', secret)
    return inner(input, { ...init, headers })
  }
}

/**
 * Options shared by every server-side Supabase client: each call has a deadline, and
 * PostgREST does not retry on its own (a dead backend would cost seconds per query;
 * the outage page retries instead).
 */
export function serverClientOptions(deadlineMs = BACKEND_DEADLINE_MS, forwardedFor: string | null = null, headers: Record<string, string> = {}) {
  const fetch = deadlineFetch(deadlineMs)
  return { global: { fetch: forwardedFor ? forwardingFor(forwardedFor, fetch) : fetch, headers }, db: { retry: false } } as const
}
