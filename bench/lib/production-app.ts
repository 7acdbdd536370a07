// A production build (`next build` + `next start`) against a fresh in-memory
// stack, on SUPABASE_LOCAL_PORT / E2E_APP_PORT, with owners signed in by cookie.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { DEFAULT_PORT, PUBLISHABLE_KEY, SECRET_KEY } from '../../supabase/local/config.ts'
import { startStack, type Stack } from '../../supabase/local/stack.ts'
import { buildApp, NEXT_BIN } from '../../scripts/lib/app-build.ts'
import { isListening, waitForHttp } from '../../scripts/lib/net.ts'
import { cookieHeader, sessionCookies, type Cookie } from '../../test/support/session-cookies.ts'

export const STACK_PORT = Number(process.env.SUPABASE_LOCAL_PORT || DEFAULT_PORT)
export const APP_PORT = Number(process.env.E2E_APP_PORT || 3000)
export const APP = `http://127.0.0.1:${APP_PORT}`
export const STACK_URL = `http://127.0.0.1:${STACK_PORT}`

/**
 * Headers for a signed-in request, uncompressed: `next start` gzips pages but not route
 * handlers, so a page would pay for work its bare route skips. On the serverless host the
 * edge compresses both.
 */
export const signedInHeaders = (cookie: string) => ({ cookie, 'accept-encoding': 'identity' })

export interface ProductionApp {
  stack: Stack
  stop(): Promise<void>
}

const ENV: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_PUBLIC_SUPABASE_URL: STACK_URL,
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  SUPABASE_SECRET_KEY: SECRET_KEY,
  // the links in scheduled reports: a production build sends none without it
  SITE_URL: APP,
  NEXT_TELEMETRY_DISABLED: '1',
  // the gated bare route handlers (app/api/bench) answer only in benches
  SHELFSNAP_BENCH_ROUTES: '1',
}

/**
 * Starts the stack (in-memory PGlite, or on `databaseUrl`), builds when the sources or the
 * stack URL changed (or when BENCH_BUILD=1) and serves the build.
 */
export async function startProductionApp({ databaseUrl }: { databaseUrl?: string } = {}): Promise<ProductionApp> {
  for (const port of [STACK_PORT, APP_PORT]) {
    if (await isListening('127.0.0.1', port)) throw new Error(`port ${port} is in use; stop it and run the bench again`)
  }
  const stack = await startStack({
    memory: true,
    databaseUrl,
    port: STACK_PORT,
    seedFile: null,
    config: { signInRateLimit: { max: 100_000, windowMs: 60_000 } },
  })
  const children: ChildProcess[] = []
  const stop = async () => {
    for (const child of children) if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM')
    await stack.stop()
  }
  try {
    await buildApp({ env: ENV, force: process.env.BENCH_BUILD === '1' })
    const server = spawn(process.execPath, [NEXT_BIN, 'start', '--port', String(APP_PORT), '--hostname', '127.0.0.1'], {
      env: ENV,
      stdio: 'ignore',
      detached: true,
    })
    children.push(server)
    await waitForHttp(`${APP}/auth`, server)
    return { stack, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export interface Owner {
  email: string
  password: string
  shopId: string
  /** signed in against the stack directly */
  client: SupabaseClient
  /** the app's session cookies, as a browser would send them */
  cookie: string
  /** the same cookies, one by one (for a browser's cookie jar) */
  cookies: Cookie[]
}

/** A new owner with a shop of `products` products, signed in both ways. */
export async function createOwner(tag: string, products: number): Promise<Owner> {
  const email = `${tag}-${randomUUID().slice(0, 12)}@example.com`
  const password = 'bench-password-1'
  const client = createClient(STACK_URL, PUBLISHABLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } })
  const { error } = await client.auth.signUp({ email, password })
  if (error) throw error
  const { data: shop } = await client.from('shops').insert({ name: `Bench ${tag}` }).select('id').single().throwOnError()
  for (let start = 0; start < products; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, products - start) }, (_, i) => {
      const n = String(start + i + 1).padStart(4, '0')
      return { shop_id: shop.id, name: `Item ${n}`, sku: `SKU-${n}`, qty: (start + i) % 10, low_stock_threshold: 2 }
    })
    await client.from('products').insert(rows).throwOnError()
  }
  const cookies = await sessionCookies(STACK_URL, PUBLISHABLE_KEY, { email, password })
  return { email, password, shopId: shop.id as string, client, cookie: cookieHeader(cookies), cookies }
}
