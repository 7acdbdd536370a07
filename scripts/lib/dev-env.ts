import { randomBytes } from 'node:crypto'
import { DEFAULT_PORT, PUBLISHABLE_KEY, SECRET_KEY } from '../../supabase/local/config.ts'

/**
 * The app's environment under `npm run dev`: what a deployment sets, filled in for this machine
 * where .env.local leaves it out. The local stack's address and keys, a cron secret for the
 * scheduled sends, and SITE_URL: a production server sends no emailed report without it, and the
 * reports' links name it.
 */
type Filled = 'NEXT_PUBLIC_SUPABASE_URL' | 'NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY' | 'SUPABASE_SECRET_KEY' | 'CRON_SECRET' | 'SITE_URL'

export function devEnv<E extends Record<string, string | undefined>>(env: E): E & Record<Filled, string> {
  return {
    ...env,
    NEXT_PUBLIC_SUPABASE_URL: env.NEXT_PUBLIC_SUPABASE_URL || `http://127.0.0.1:${env.SUPABASE_LOCAL_PORT || DEFAULT_PORT}`,
    NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY || PUBLISHABLE_KEY,
    SUPABASE_SECRET_KEY: env.SUPABASE_SECRET_KEY || SECRET_KEY,
    CRON_SECRET: env.CRON_SECRET || randomBytes(24).toString('hex'),
    SITE_URL: env.SITE_URL || `http://localhost:${env.PORT || 3000}`,
  }
}
