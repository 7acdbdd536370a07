// A production build of the app served by `next start`, pointing at a Supabase URL fixed at
// build time. With the e2e stack's port free it is the e2e build (`.next` for that port, built once
// per source: scripts/lib/app-build.ts); else a build of its own in .data/faults-next.
import { spawn, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildApp as buildOnce, NEXT_BIN } from '@/scripts/lib/app-build'
import { isListening, waitForHttp } from '@/scripts/lib/net'
import { DEFAULT_PORT, PUBLISHABLE_KEY, SECRET_KEY } from '@/supabase/local/config'
import { freePort } from '@/test/support/backend-hop'

const E2E_STACK_PORT = Number(process.env.SUPABASE_LOCAL_PORT || DEFAULT_PORT)
let distDir = '.next'

export interface App {
  url: string
  /** the server's output so far: the detail Next logs for an error */
  log(): string
  stop(): Promise<void>
}

function environment(supabasePort: number): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NEXT_PUBLIC_SUPABASE_URL: `http://127.0.0.1:${supabasePort}`,
    NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    SUPABASE_SECRET_KEY: SECRET_KEY,
    SHELFSNAP_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: '1',
  }
  // vitest sets NODE_ENV=test; next build and next start pick their own.
  delete env.NODE_ENV
  return env as NodeJS.ProcessEnv
}

function finished(child: ChildProcess): Promise<number> {
  return new Promise((done) => child.once('exit', (code) => done(code ?? 1)))
}

/** Builds (or reuses the build of these sources) and returns the Supabase port the build points at. */
export async function buildApp(): Promise<number> {
  // The port the build points at must be free for the test's gateway: a running `npm run dev` holds the e2e one.
  const shared = !(await isListening('127.0.0.1', E2E_STACK_PORT))
  const supabasePort = shared ? E2E_STACK_PORT : await freePort()
  distDir = shared ? '.next' : '.data/faults-next'
  await buildOnce({ env: environment(supabasePort), distDir, stdio: ['ignore', 'pipe', 'pipe'] })
  return supabasePort
}

export async function startApp(supabasePort: number): Promise<App> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [NEXT_BIN, 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    env: environment(supabasePort),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk))
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  await waitForHttp(`${url}/auth`, server, 60_000)
  return {
    url,
    log: () => output,
    async stop() {
      if (server.exitCode !== null || !server.pid) return
      const exited = finished(server)
      process.kill(-server.pid, 'SIGTERM')
      await exited
    },
  }
}

interface ManifestAction {
  id: string
  exportedName: string
  filename: string
  /** the app routes that use it, e.g. `/app/products/[id]` */
  routes: string[]
}

/** Every Server Action in the build (its server-reference manifest). */
export function serverActions(): ManifestAction[] {
  const manifest = JSON.parse(readFileSync(join(distDir, 'server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string; filename?: string; workers: Record<string, unknown> }>
  }
  return Object.entries(manifest.node).map(([id, entry]) => ({
    id,
    exportedName: entry.exportedName ?? '',
    filename: entry.filename ?? '',
    routes: Object.keys(entry.workers)
      .filter((worker) => !worker.includes('/_'))
      .map((worker) => urlOf(worker.replace(/^app/, '').replace(/\/page$/, ''))),
  }))
}

/** Every page and route handler the build serves (or only its pages, or only its route handlers), e.g. `/app/products/[id]`. */
export function appRoutes(only?: 'page' | 'route'): string[] {
  const manifest = JSON.parse(readFileSync(join(distDir, 'server/app-paths-manifest.json'), 'utf8')) as Record<string, string>
  return Object.keys(manifest)
    .filter((name) => !name.includes('/_') && (!only || name.endsWith(`/${only}`)))
    .map((name) => urlOf(name.replace(/\/(page|route)$/, '')))
}

/** A route's address: route groups, e.g. `(catalogue)`, are no part of it. */
const urlOf = (route: string) => route.replace(/\/\([^/]+\)/g, '') || '/'

/** `/app/products/[id]` with its params filled in, or null when one is missing. */
export function fillRoute(route: string, params: Record<string, string>): string | null {
  const filled = route.replace(/\[(\w+)\]/g, (whole, key: string) => params[key] ?? whole)
  return filled.includes('[') ? null : filled
}

/** A Server Action's id from the build's manifest, and a page that uses it (`params` fill a dynamic one). */
export function serverAction(exportedName: string, file: string, params: Record<string, string> = {}): { id: string; page: string } {
  for (const action of serverActions()) {
    if (action.exportedName !== exportedName || !action.filename.endsWith(file)) continue
    const page = action.routes.map((route) => fillRoute(route, params)).find((route) => route !== null)
    if (page) return { id: action.id, page }
  }
  throw new Error(`no server action ${exportedName} from ${file} in the build`)
}

/**
 * fetch on a connection of its own. The tests sleep past the app's keep-alive (waiting out the
 * health check's window): a kept-alive socket the app closed meanwhile is not what is under test.
 */
export async function freshFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const outgoing = new Request(url, init)
  const body = init.body === undefined ? null : Buffer.from(await outgoing.arrayBuffer())
  return new Promise((done, fail) => {
    const call = httpRequest(url, { method: outgoing.method, headers: Object.fromEntries(outgoing.headers), agent: false }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(answer.headers)) for (const one of [value ?? []].flat()) headers.append(name, one)
        const status = answer.statusCode ?? 500
        done(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }))
      })
      answer.on('error', fail)
    })
    call.on('error', fail)
    call.end(body ?? undefined)
  })
}
