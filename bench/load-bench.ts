// Signed-in sessions hammering a production build on the in-memory PGlite stack:
// /app/products and /dashboard as a browser loads them, beside the bare route
// handlers (app/api/bench) running the same queries with the same client, in one
// run. 25 owners, each with their own shop of 200 products and a day of sales;
// level C uses the first C owners, one session per concurrent client.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { APP, createOwner, signedInHeaders, startProductionApp, type Owner } from './lib/production-app.ts'
import { percentile, type Figure } from './stats.ts'

const LEVELS = [10, 25]
const REQUESTS = Number(process.env.LOAD_REQUESTS || 300)
const ROUNDS = 3
const TIMEOUT_MS = 30_000

interface Route {
  name: string
  /** one browser view; true when it answered as it should */
  view: (owner: Owner) => Promise<boolean>
}

async function get(path: string, owner: Owner, expect: string): Promise<boolean> {
  const res = await fetch(`${APP}${path}`, { headers: signedInHeaders(owner.cookie), redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) })
  return res.status === 200 && (await res.text()).includes(expect)
}

/** The id of the loadDashboard server action in this build, if the build has one. */
function loadDashboardActionId(): string | undefined {
  const manifest = JSON.parse(readFileSync('.next/server/server-reference-manifest.json', 'utf8')) as { node: Record<string, { exportedName?: string; filename?: string }> }
  return Object.entries(manifest.node).find(([, action]) => action.exportedName === 'loadDashboard')?.[0]
}

function routes(): Route[] {
  const actionId = loadDashboardActionId()
  return [
    { name: 'GET /app/products', view: (owner) => get('/app/products', owner, 'Item 0001') },
    { name: 'bare products query', view: (owner) => get('/api/bench/products', owner, 'Item 0001') },
    {
      // What a browser loads: the page, and its data call when the page does not carry the figures.
      name: '/dashboard (page + data call if any)',
      view: async (owner) => {
        const res = await fetch(`${APP}/dashboard`, { headers: signedInHeaders(owner.cookie), redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) })
        const html = await res.text()
        if (res.status !== 200) return false
        if (html.includes('Items Sold Today')) return true
        if (!actionId) return false
        const data = await fetch(`${APP}/dashboard`, {
          method: 'POST',
          headers: { ...signedInHeaders(owner.cookie), 'next-action': actionId, accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8' },
          body: '[]',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        return data.status === 200 && (await data.text()).includes('"ok":true')
      },
    },
    { name: 'bare dashboard queries', view: (owner) => get('/api/bench/dashboard', owner, '"today"') },
    // Next's own floor: the shared layout (the session check included) around text, no query of its own
    { name: 'GET /bench/shell', view: (owner) => get('/bench/shell', owner, 'Shell baseline') },
    // the bare products route's calls drawn as one line in that layout: the page pipeline's floor for /app/products
    { name: 'GET /bench/floor', view: (owner) => get('/bench/floor', owner, '200 products') },
  ]
}

interface Batch {
  ms: number[]
  errors: number
  wallMs: number
}

/** `count` views with `owners.length` clients at once, each client its own session. */
async function batch(route: Route, owners: Owner[], count: number): Promise<Batch> {
  const ms: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    owners.map(async (owner) => {
      while (next++ < count) {
        const start = performance.now()
        const ok = await route.view(owner).catch(() => false)
        ms.push(performance.now() - start)
        if (!ok) errors++
      }
    }),
  )
  return { ms, errors, wallMs: performance.now() - started }
}

async function seedOwner(i: number): Promise<Owner> {
  const owner = await createOwner(`load-${i}`, 200)
  const { data: products } = await owner.client.from('products').select('id').order('name').limit(10).throwOnError()
  for (const product of products) {
    await owner.client
      .rpc('adjust_stock', { p_product_id: product.id, p_delta: 1, p_reason: 'received', p_note: null, p_source: 'manual', p_request_id: randomUUID() })
      .throwOnError()
    await owner.client
      .rpc('adjust_stock', { p_product_id: product.id, p_delta: -1, p_reason: 'sold', p_note: null, p_source: 'manual', p_request_id: randomUUID() })
      .throwOnError()
  }
  return owner
}

export async function runLoadBench(): Promise<Figure[]> {
  const app = await startProductionApp()
  try {
    const owners: Owner[] = []
    for (let i = 0; i < Math.max(...LEVELS); i++) owners.push(await seedOwner(i))
    const all = routes()
    // warm-up: every route, every session, untimed
    for (const route of all) await batch(route, owners, owners.length * 2)

    const table: Record<string, unknown>[] = []
    const figures: Figure[] = []
    for (const level of LEVELS) {
      const sessions = owners.slice(0, level)
      const totals = new Map(all.map((route) => [route.name, { ms: [] as number[], errors: 0, wallMs: 0 }]))
      // Rounds interleave the routes, so the machine's noise falls on each alike.
      for (let round = 0; round < ROUNDS; round++) {
        for (const route of all) {
          const result = await batch(route, sessions, Math.ceil(REQUESTS / ROUNDS))
          const total = totals.get(route.name)!
          total.ms.push(...result.ms)
          total.errors += result.errors
          total.wallMs += result.wallMs
        }
      }
      const stats = (name: string) => {
        const { ms, errors, wallMs } = totals.get(name)!
        return { route: name, sessions: level, requests: ms.length, rps: (ms.length / wallMs) * 1000, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), errors }
      }
      const logRow = (row: ReturnType<typeof stats>) =>
        console.log(`load ${level} sessions, ${row.route}: ${row.rps.toFixed(1)} req/s, p50 ${row.p50.toFixed(0)} ms, p95 ${row.p95.toFixed(0)} ms, p99 ${row.p99.toFixed(0)} ms, ${row.errors} errors of ${row.requests}`)
      for (const [page, bare] of [
        [all[0]!.name, all[1]!.name],
        [all[2]!.name, all[3]!.name],
      ] as const) {
        const p = stats(page)
        const b = stats(bare)
        table.push(p, b)
        for (const row of [p, b]) logRow(row)
        figures.push(
          { name: `${page} p95 at ${level} sessions`, value: p.p95, unit: 'ms', baseline: { name: `${bare} p95`, value: b.p95 }, target: '≤ 1.5×' },
          { name: `${page} throughput at ${level} sessions`, value: p.rps, unit: 'req/s', baseline: { name: bare, value: b.rps } },
          { name: `errors (5xx, timeouts, wrong answers) at ${level} sessions, ${page} and ${bare}`, value: p.errors + b.errors, unit: 'errors', target: '0' },
        )
      }
      const shell = stats(all[4]!.name)
      const bareProducts = stats(all[1]!.name)
      table.push(shell)
      logRow(shell)
      const floor = stats(all[5]!.name)
      table.push(floor)
      logRow(floor)
      figures.push(
        { name: `${shell.route} (layout around text, no query) p95 at ${level} sessions`, value: shell.p95, unit: 'ms', baseline: { name: `${bareProducts.route} p95`, value: bareProducts.p95 } },
        { name: `${floor.route} (the bare route's calls in the layout, one line drawn) p95 at ${level} sessions`, value: floor.p95, unit: 'ms', baseline: { name: `${bareProducts.route} p95`, value: bareProducts.p95 } },
      )
    }
    mkdirSync('bench/results', { recursive: true })
    writeFileSync('bench/results/load.json', JSON.stringify({ at: new Date().toISOString(), requestsPerLevel: REQUESTS, table }, null, 2))
    return figures
  } finally {
    await app.stop()
  }
}
