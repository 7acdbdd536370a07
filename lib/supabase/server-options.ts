import { BACKEND_DEADLINE_MS, deadlineFetch } from './deadline-fetch'

/**
 * Options shared by every server-side Supabase client: each call has a deadline, and
 * PostgREST does not retry on its own (a dead backend would cost seconds per query;
 * the outage page retries instead).
 */
export function serverClientOptions(deadlineMs = BACKEND_DEADLINE_MS) {
  return { global: { fetch: deadlineFetch(deadlineMs) }, db: { retry: false } } as const
}
