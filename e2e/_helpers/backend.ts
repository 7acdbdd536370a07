import { createClient } from '@supabase/supabase-js'
import type { Credentials } from './stack'

// The hop scripts/e2e.ts puts in front of the stack (test/support/backend-hop.ts): one user's
// requests can be frozen there without stopping the tests that run beside.
const control = () => {
  const url = process.env.E2E_BACKEND_HOP_URL
  if (!url) throw new Error('E2E_BACKEND_HOP_URL is not set: run the specs through `npm run test:e2e`')
  return url
}

const stackUrl = process.env.NEXT_PUBLIC_SUPABASE_URL ?? 'http://127.0.0.1:54321'
const stackKey = process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'

/** The owner's user id, from a sign-in (which carries no user token: it is never held). */
async function userId({ email, password }: Credentials): Promise<string> {
  const supabase = createClient(stackUrl, stackKey, { auth: { persistSession: false, autoRefreshToken: false } })
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
  return data.user.id
}

async function send(verb: 'freeze' | 'thaw', owner: Credentials) {
  const response = await fetch(`${control()}/${verb}?user=${await userId(owner)}`, { method: 'POST' })
  if (!response.ok) throw new Error(`the backend hop answered ${response.status}`)
}

/** Requests carrying this owner's token wait, unanswered, as at a SIGSTOPped backend. */
export const freezeBackendFor = (owner: Credentials) => send('freeze', owner)
/** The held requests go on to the backend, whether or not their callers still wait. */
export const thawBackendFor = (owner: Credentials) => send('thaw', owner)
