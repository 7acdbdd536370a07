import 'server-only'
import { createClient } from '@supabase/supabase-js'
import { supabaseEnv } from './env'
import { serverClientOptions } from './server-options'

/**
 * The service-role client, for requests that carry no session (a feed URL, a cron
 * call): it passes RLS, so the caller must have decided whose data it reads. A new
 * client per request; the secret comes only from the environment.
 */
export function createAdminClient() {
  const { url } = supabaseEnv()
  const secret = process.env.SUPABASE_SECRET_KEY
  if (!secret) throw new Error('SUPABASE_SECRET_KEY is not set')
  return createClient(url, secret, {
    ...serverClientOptions(),
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}
