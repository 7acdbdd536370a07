// `npm run test:e2e`: a fresh in-memory Supabase stack behind a hop on :54321 (SUPABASE_LOCAL_PORT; specs can
// freeze one user's requests there through E2E_BACKEND_HOP_URL, test/support/backend-hop.ts), a
// production build served by `next start` on :3000 (E2E_APP_PORT), then Playwright (desktop
// and phone); then e2e/confirmations/ with email confirmations on, and e2e/dev/ under `next dev`.
// Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- e2e/anon --project=desktop`.
// The build is reused while its sources and stack URL match (scripts/lib/app-build.ts): in `npm test`
// it is the one the fault tests made.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { DEFAULT_PORT, PUBLISHABLE_KEY, SECRET_KEY } from '../supabase/local/config.ts'
import { authConfigFromToml } from '../supabase/local/config-toml.ts'
import { startMailCatcher, type MailCatcher } from '../supabase/local/mail/mail-catcher.ts'
import { startStack, type Stack } from '../supabase/local/stack.ts'
import { startBackendHop, startHopControl, type BackendHop } from '../test/support/backend-hop.ts'
import { buildApp, NEXT_BIN } from './lib/app-build.ts'
import { isListening, waitForHttp } from './lib/net.ts'

const STACK_PORT = Number(process.env.SUPABASE_LOCAL_PORT || DEFAULT_PORT)
const APP_PORT = Number(process.env.E2E_APP_PORT || 3000)
const APP_URL = `http://127.0.0.1:${APP_PORT}`

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error('Chromium not found: install it with `sudo apt-get install chromium` or set CHROMIUM_PATH')
  process.exit(1)
}

for (const [port, what] of [
  [STACK_PORT, 'the local Supabase stack (`npm run stack` or `npm run dev`?)'],
  [APP_PORT, 'the app (`npm run dev` or `next start`?)'],
] as const) {
  if (await isListening('127.0.0.1', port)) {
    console.error(`Port ${port} is already in use, probably by ${what}. Stop it and run the e2e tests again.`)
    process.exit(1)
  }
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_PUBLIC_SUPABASE_URL: `http://127.0.0.1:${STACK_PORT}`,
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  SUPABASE_SECRET_KEY: SECRET_KEY,
  CHROMIUM_PATH: chromium,
  E2E_BASE_URL: APP_URL,
  // The client's address for the sign-in limits, as Vercel's x-real-ip; specs that test them send it.
  TRUSTED_IP_HEADER: 'x-real-ip',
  // A production build sends scheduled reports only with SITE_URL, the address of its links;
  // the specs call the cron as Vercel does, with CRON_SECRET.
  SITE_URL: APP_URL,
  CRON_SECRET: randomBytes(24).toString('hex'),
  NEXT_TELEMETRY_DISABLED: '1',
}

const children: ChildProcess[] = []
let stack: Stack | undefined
let hop: BackendHop | undefined
let hopControl: Awaited<ReturnType<typeof startHopControl>> | undefined
let mail: MailCatcher | undefined

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: 'inherit', detached: true })
  children.push(child)
  return child
}

function exitCode(child: ChildProcess): Promise<number> {
  return new Promise((done) => child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0))))
}

/** SIGTERM to a child's process group (detached: it leads its own), so its workers go too. */
function terminate(child: ChildProcess) {
  if (child.exitCode !== null || !child.pid) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

async function teardown() {
  for (const child of children) terminate(child)
  await stack?.stop().catch((error: unknown) => console.error('Stopping the stack failed:', error))
  await hopControl?.close()
  await hop?.close()
  await mail?.stop().catch(() => {})
}

/** A fresh in-memory stack whose auth emails go to the catcher and link to the app under test. */
function startE2eStack(smtpUrl: string, enableConfirmations: boolean): Promise<Stack> {
  return startStack({
    memory: true,
    port: 0,
    seedFile: null,
    config: {
      publicUrl: `http://127.0.0.1:${STACK_PORT}`,
      ...authConfigFromToml(),
      siteUrl: APP_URL,
      additionalRedirectUrls: [APP_URL],
      enableConfirmations,
      smtpUrl,
      // Every test signs in and signs up from 127.0.0.1: lift the per-IP and per-project limits.
      signInRateLimit: { max: 100_000, windowMs: 60_000 },
      anonymousSignInRateLimit: { max: 100_000, windowMs: 60_000 },
      emailRateLimit: { max: 100_000, windowMs: 60_000 },
    },
  })
}

/** Stops a child started by run() and waits for it, so its port is free again. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = exitCode(child)
  terminate(child)
  await exited
}

// A run of chosen specs (`npm run test:e2e -- e2e/user/upload.spec.ts`) skips the dev phase unless it names e2e/dev.
const specArgs = process.argv.slice(2).filter((arg) => !arg.startsWith('-'))
const devPhaseWanted = specArgs.length === 0 || specArgs.some((arg) => arg.includes('e2e/dev'))

let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    void teardown().then(() => process.exit(130))
  })
}

let code = 1
try {
  // The app's and the auth service's email goes to a mail catcher the specs read (E2E_MAIL_URL, Mailpit's API).
  mail = await startMailCatcher({ smtpPort: 0, inboxPort: 0 })
  env.SMTP_URL = mail.smtpUrl
  env.E2E_MAIL_URL = mail.inboxUrl
  console.log(`e2e: mail catcher on ${mail.inboxUrl}`)
  hop = await startBackendHop(STACK_PORT, () => stack!.config.port)
  hopControl = await startHopControl(hop)
  env.E2E_BACKEND_HOP_URL = hopControl.url
  stack = await startE2eStack(mail.smtpUrl, false)
  console.log(`e2e: in-memory Supabase stack on ${stack.url}`)

  if ((await buildApp({ env })) === 'reused') console.log('e2e: the build of these sources for this stack is reused')

  const server = run(process.execPath, [NEXT_BIN, 'start', '--port', String(APP_PORT), '--hostname', '127.0.0.1'])
  await waitForHttp(`${APP_URL}/auth`, server)
  console.log(`e2e: app on ${APP_URL}`)

  // --pass-with-no-tests: a run of one spec finds nothing in the other phase
  const playwright = ['node_modules/@playwright/test/cli.js', 'test', '--pass-with-no-tests', ...process.argv.slice(2)]
  code = await exitCode(run(process.execPath, playwright))
  // Then as a hosted project is: a new owner confirms their email before signing in.
  await stack.stop()
  stack = await startE2eStack(mail.smtpUrl, true)
  console.log('e2e: the stack again, with email confirmations on')
  env.E2E_CONFIRMATIONS = '1'
  const confirmed = await exitCode(run(process.execPath, playwright))
  code = code || confirmed
  // Last, `next dev` as `npm run dev` serves it: React's strict mode mounts twice there, and
  // an effect that survives only one mount breaks the day on a fresh clone (e2e/dev/).
  if (devPhaseWanted) {
    await stop(server)
    await stack.stop()
    stack = await startE2eStack(mail.smtpUrl, false)
    const dev = run(process.execPath, [NEXT_BIN, 'dev', '--port', String(APP_PORT), '--hostname', '127.0.0.1'])
    await waitForHttp(`${APP_URL}/auth`, dev, 180_000)
    console.log('e2e: the app again under next dev (strict mode)')
    env.E2E_CONFIRMATIONS = ''
    env.E2E_DEV = '1'
    code = (await exitCode(run(process.execPath, playwright))) || code
  }
} catch (error) {
  console.error(`e2e: ${(error as Error).message}`)
  code = 1
} finally {
  await teardown()
}
process.exit(code)
