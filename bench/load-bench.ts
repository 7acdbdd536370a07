// Signed-in sessions hammering a production build: /app/products, /dashboard, /reports
// and /app/reorder as a browser loads them, each beside the bare products route
// (app/api/bench/products: one query with the same client, no rendering) in the same
// run. 50 owners, each with their own shop of 200 products and 60 days of sales
// (6,000 movements); level C uses the first C owners, one session per client.
// On the in-memory PGlite stack (one connection: queries queue), or with
// BENCH_DATABASE_URL on a scratch database of that PostgreSQL (a pool of ten).
// On Linux each route also prints its CPU per view by process (bench/lib/process-cpu.ts).
import { mkdirSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { createScratchDatabase, type ScratchDatabase } from '../supabase/local/db/scratch-database.ts'
import { seedRecentSales } from './lib/ledger-seed.ts'
import { cpuSince, sampleCpu, type CpuSample } from './lib/process-cpu.ts'
import { APP, createOwner, signedInHeaders, startProductionApp, type Owner } from './lib/production-app.ts'
import { percentile, type Figure } from './stats.ts'

// LOAD_LEVELS=25 measures one level (the PostgreSQL goal) in a third of the time.
const LEVELS = (process.env.LOAD_LEVELS || '10,25,50').split(',').map(Number)
// Each route is loaded this long at each level, in ROUNDS interleaved parts. A p95 of 300 views
// (the bench's count until now) moved a page's ratio between 1.4× and 3.1× round to round.
const SECONDS = Number(process.env.LOAD_SECONDS || 30)
const ROUNDS = 6
const TIMEOUT_MS = 30_000
const HISTORY_DAYS = 60
const HISTORY_MOVEMENTS = 6000

interface Route {
  name: string
  /** one browser view; true when it answered as it should */
  view: (owner: Owner) => Promise<boolean>
}

async function get(path: string, owner: Owner, expect: string): Promise<boolean> {
  const res = await fetch(`${APP}${path}`, { headers: signedInHeaders(owner.cookie), redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) })
  return res.status === 200 && (await res.text()).includes(expect)
}

const BARE: Route = { name: 'bare products query', view: (owner) => get('/api/bench/products', owner, 'Item 0001') }

const PAGES: Route[] = [
  { name: 'GET /app/products', view: (owner) => get('/app/products', owner, 'Item 0001') },
  // The page carries the figures (the client component refreshes them every 60 s); without them it says 'could not be loaded'.
  { name: 'GET /dashboard', view: (owner) => get('/dashboard', owner, 'Items Sold Today') },
  { name: 'GET /reports', view: (owner) => get('/reports', owner, 'Top sellers') },
  { name: 'GET /app/reorder', view: (owner) => get('/app/reorder', owner, 'What to order now') },
]

// The floor under the pages, not figures of their own: the shared layout around text (no query),
// and the bare route's call drawn as one line in it.
const DIAGNOSTICS: Route[] = [
  { name: 'GET /bench/shell', view: (owner) => get('/bench/shell', owner, 'Shell baseline') },
  { name: 'GET /bench/floor', view: (owner) => get('/bench/floor', owner, '200 products') },
]

interface Batch {
  ms: number[]
  errors: number
  wallMs: number
}

/**
 * Views with `owners.length` clients at once, each client its own session: `count` of them, or as
 * many as start within `seconds` (those under way then are waited for and counted).
 */
async function batch(route: Route, owners: Owner[], until: { count: number } | { seconds: number }): Promise<Batch> {
  const ms: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  const more = 'count' in until ? () => next++ < until.count : () => performance.now() - started < until.seconds * 1000
  await Promise.all(
    owners.map(async (owner) => {
      while (more()) {
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
  const server = process.env.BENCH_DATABASE_URL
  const scratch: ScratchDatabase | undefined = server ? await createScratchDatabase(server) : undefined
  const database = scratch ? 'PostgreSQL' : 'PGlite'
  const app = await startProductionApp({ databaseUrl: scratch?.url })
  try {
    const owners: Owner[] = []
    for (let i = 0; i < Math.max(...LEVELS); i++) owners.push(await seedOwner(i))
    await seedRecentSales(
      app.stack.db,
      owners.map((owner) => owner.shopId),
      HISTORY_MOVEMENTS,
      HISTORY_DAYS,
    )
    const all = [BARE, ...PAGES, ...DIAGNOSTICS]
    // warm-up: every route, every session, untimed
    for (const route of all) await batch(route, owners, { count: owners.length * 2 })

    const table: Record<string, unknown>[] = []
    const figures: Figure[] = []
    for (const level of LEVELS) {
      const sessions = owners.slice(0, level)
      const totals = new Map(all.map((route) => [route.name, { ms: [] as number[], errors: 0, wallMs: 0, roundP95: [] as number[], cpu: [] as CpuSample[] }]))
      // Rounds interleave the routes, so the machine's noise falls on each alike.
      const rounds = ROUNDS
      const load = loadavg()[0]!.toFixed(1)
      for (let round = 0; round < rounds; round++) {
        for (const route of all) {
          const cpuStart = sampleCpu()
          const result = await batch(route, sessions, { seconds: SECONDS / rounds })
          const total = totals.get(route.name)!
          const cpu = cpuSince(cpuStart, sampleCpu())
          if (cpu) total.cpu.push(cpu)
          total.ms.push(...result.ms)
          total.errors += result.errors
          total.wallMs += result.wallMs
          total.roundP95.push(percentile(result.ms, 95))
        }
      }
      const stats = (name: string) => {
        const { ms, errors, wallMs } = totals.get(name)!
        return { database, route: name, sessions: level, requests: ms.length, rps: (ms.length / wallMs) * 1000, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), errors }
      }
      const bare = stats(BARE.name)
      /** The page's p95 over the bare route's, round by round: how far the machine's noise moves the ratio. */
      const roundRatios = (name: string) => {
        const bareRounds = totals.get(BARE.name)!.roundP95
        return totals
          .get(name)!
          .roundP95.map((p95, i) => p95 / bareRounds[i]!)
          .sort((a, b) => a - b)
      }
      const logRow = (row: ReturnType<typeof stats>) => {
        const ratios = roundRatios(row.route)
        console.log(
          `load ${database} ${level} sessions (load average ${load}), ${row.route}: ${row.rps.toFixed(1)} req/s, p50 ${row.p50.toFixed(0)} ms, p95 ${row.p95.toFixed(0)} ms` +
            ` (${(row.p95 / bare.p95).toFixed(2)}× bare; ${rounds} rounds ${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)}×, median ${percentile(ratios, 50).toFixed(2)}×),` +
            ` p99 ${row.p99.toFixed(0)} ms, ${row.errors} errors of ${row.requests}`,
        )
      }
      /** CPU per view by process, and its total over the bare route's: where a saturated machine's time goes. */
      const cpuPerView = (name: string) => {
        const { cpu, ms } = totals.get(name)!
        if (cpu.length === 0) return null
        const per = (key: keyof CpuSample) => cpu.reduce((sum, sample) => sum + sample[key], 0) / ms.length
        return { next: per('next'), postgres: per('postgres'), bench: per('bench'), total: per('next') + per('postgres') + per('bench') }
      }
      const bareCpu = cpuPerView(BARE.name)
      for (const route of all) {
        const row = stats(route.name)
        const cpu = cpuPerView(route.name)
        table.push({ ...row, roundRatios: roundRatios(route.name), cpuPerView: cpu })
        logRow(row)
        if (cpu && bareCpu) {
          console.log(
            `  CPU per view: next ${cpu.next.toFixed(1)} ms, PostgreSQL ${cpu.postgres.toFixed(1)} ms, bench process (stack${database === 'PGlite' ? ', PGlite' : ''}, load client) ${cpu.bench.toFixed(1)} ms;` +
              ` ${cpu.total.toFixed(1)} ms in all, ${(cpu.total / bareCpu.total).toFixed(2)}× the bare route's`,
          )
        }
        if (route === BARE || DIAGNOSTICS.includes(route)) continue
        figures.push(
          { name: `${database}: ${row.route} p95 at ${level} sessions`, value: row.p95, unit: 'ms', baseline: { name: `${bare.route} p95`, value: bare.p95 }, target: '≤ 2×' },
          { name: `${database}: errors (5xx, timeouts, wrong answers) of ${row.route} at ${level} sessions`, value: row.errors, unit: `of ${row.requests}`, target: '0' },
        )
      }
      figures.push({ name: `${database}: errors of the ${bare.route} at ${level} sessions`, value: bare.errors, unit: `of ${bare.requests}`, target: '0' })
    }
    mkdirSync('bench/results', { recursive: true })
    writeFileSync(`bench/results/load-${database.toLowerCase()}.json`, JSON.stringify({ at: new Date().toISOString(), secondsPerRoute: SECONDS, table }, null, 2))
    return figures
  } finally {
    await app.stop()
    await scratch?.drop()
  }
}
