import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY, DEFAULT_PORT } from './config.ts'
import { authConfigFromToml } from './config-toml.ts'
import { mailPortsFor, startMailCatcher } from './mail/mail-catcher.ts'
import { startStack } from './stack.ts'

const args = new Set(process.argv.slice(2))
const memory = args.has('--memory') || process.env.SUPABASE_LOCAL_MEMORY === '1'
const databaseUrl = process.env.DATABASE_URL || undefined
const port = Number(process.env.SUPABASE_LOCAL_PORT ?? DEFAULT_PORT)
const started = performance.now()

// Beside the stack's port, or on free ones when a second checkout has those; auth emails go to it.
const mail = await startMailCatcher({ ...mailPortsFor(port), fallback: true }).catch((error: Error) => {
  console.error(`No mail catcher: ${error.message}`)
  return undefined
})

const stack = await startStack({
  memory,
  databaseUrl,
  port,
  signingKeysPath: process.env.SUPABASE_LOCAL_SIGNING_KEYS_PATH || undefined,
  config: {
    // site URL, confirmations, email limits and templates, as `supabase start` reads them
    ...authConfigFromToml(),
    ...(mail ? { smtpUrl: mail.smtpUrl } : {}),
    ...(process.env.GOTRUE_RATE_LIMIT_HEADER !== undefined && { rateLimitHeader: process.env.GOTRUE_RATE_LIMIT_HEADER || null }),
    signInRateLimit: {
      max: Number(process.env.SUPABASE_LOCAL_SIGNIN_LIMIT ?? 30),
      windowMs: 5 * 60_000,
    },
    anonymousSignInRateLimit: {
      max: Number(process.env.SUPABASE_LOCAL_ANONYMOUS_LIMIT ?? 30),
      windowMs: 60 * 60_000,
    },
  },
}).catch((error: unknown) => {
  console.error(`Could not start the local Supabase stack: ${(error as Error).message}`)
  process.exit(1)
})

const database = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : memory ? 'PGlite, in memory' : 'PGlite, .data/pglite'
console.log(`ShelfSnap local Supabase stack is running (${Math.round(performance.now() - started)} ms)

         API URL: ${stack.url}
        Realtime: ${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket
        Database: ${database}
      Migrations: ${stack.migrations.applied.length} applied${stack.migrations.seeded ? ', seed loaded' : ''}
     Signing key: ES256, kid ${stack.tokens.kid} (JWKS at ${stack.url}/auth/v1/.well-known/jwks.json)
 Publishable key: ${PUBLISHABLE_KEY}
      Secret key: ${SECRET_KEY}
        anon key: ${ANON_KEY}
service_role key: ${SERVICE_ROLE_KEY}
    Mail catcher: ${mail ? `${mail.inboxUrl} (SMTP ${mail.smtpUrl}, API ${mail.inboxUrl}/api/v1/messages)` : 'not running'}
`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    console.log('Stopping the local stack…')
    Promise.all([stack.stop(), mail?.stop()]).then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
