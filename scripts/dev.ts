// `npm run dev`: Next.js, plus the local Supabase stack when the app points at
// it and nothing is listening there yet. With a hosted project URL in
// .env.local only Next.js starts.
import { spawn } from 'node:child_process'
import nextEnv from '@next/env'
import { ANON_KEY } from '../supabase/local/config.ts'
import { authConfigFromToml } from '../supabase/local/config-toml.ts'
import { mailPortsFor, startMailCatcher, type MailCatcher } from '../supabase/local/mail/mail-catcher.ts'
import { startStack, type Stack } from '../supabase/local/stack.ts'
import { NEXT_BIN } from './lib/app-build.ts'
import { startCronTicker } from './lib/cron-ticker.ts'
import { devEnv } from './lib/dev-env.ts'
import { devSiteUrls } from './lib/dev-site-urls.ts'
import { isListening } from './lib/net.ts'

nextEnv.loadEnvConfig(process.cwd(), true)
const env = devEnv(process.env)

const supabaseUrl = new URL(env.NEXT_PUBLIC_SUPABASE_URL)
const isLocal = ['127.0.0.1', 'localhost', '[::1]'].includes(supabaseUrl.hostname)
const port = Number(supabaseUrl.port || 80)

let stack: Stack | undefined
let mail: MailCatcher | undefined
if (isLocal && !(await isListening(supabaseUrl.hostname, port))) {
  // Every email the app and the auth service send lands in the catcher, as with `supabase start`:
  // beside the stack's port (54324 and 54325 for 54321), or on free ports when a second checkout has those.
  mail = await startMailCatcher({ ...mailPortsFor(port), fallback: true }).catch((error: Error) => {
    console.log(`▲ No mail catcher (${error.message}): set SMTP_URL to send email`)
    return undefined
  })
  const config = { ...devSiteUrls(authConfigFromToml(), env.PORT), ...(mail ? { smtpUrl: mail.smtpUrl } : {}) }
  stack = await startStack({ port, databaseUrl: process.env.DATABASE_URL || undefined, config })
  console.log(`▲ Local Supabase stack: ${stack.url} (data in .data/, anon key ${ANON_KEY.slice(0, 16)}…)`)
  if (mail) {
    env.SMTP_URL ||= mail.smtpUrl
    env.MAIL_FROM ||= 'ShelfSnap <reports@shelfsnap.local>'
    console.log(`▲ Mail catcher: ${mail.inboxUrl} (SMTP ${mail.smtpUrl})`)
  }
} else if (isLocal) {
  console.log(`▲ Using the Supabase stack already listening at ${supabaseUrl.origin}`)
} else {
  console.log(`▲ Using the hosted Supabase project at ${supabaseUrl.origin}`)
}

const next = spawn(process.execPath, [NEXT_BIN, 'dev', ...process.argv.slice(2)], {
  env,
  stdio: 'inherit',
})

const stopTicker = startCronTicker(`http://localhost:${env.PORT || 3000}`, env.CRON_SECRET)

let stopping = false
async function stop(code: number) {
  if (stopping) return
  stopping = true
  stopTicker()
  next.kill('SIGTERM')
  await Promise.all([stack?.stop(), mail?.stop()]).catch(() => {})
  process.exit(code)
}
next.on('exit', (code) => void stop(code ?? 0))
process.on('SIGINT', () => void stop(0))
process.on('SIGTERM', () => void stop(0))
