// Local stack figures: cold start, REST overhead over the same SQL run
// directly on the same database, and sign-in latency.
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import bcrypt from 'bcryptjs'
import { createClient } from '@supabase/supabase-js'
import { PUBLISHABLE_KEY, SERVICE_ROLE_KEY } from '../supabase/local/config.ts'
import type { Statement } from '../supabase/local/db/database.ts'
import { createScratchDatabase } from '../supabase/local/db/scratch-database.ts'
import { startStack, type Stack } from '../supabase/local/stack.ts'
import { percentile, sample, samplePair, type Figure } from './stats.ts'

const noSession = { auth: { persistSession: false, autoRefreshToken: false } }

/** Time from `npm run stack -- --memory` to a 200 from /rest/v1/, and a bare PGlite start in the same run. */
async function coldStart(): Promise<Figure[]> {
  const port = 55000 + Math.floor(Math.random() * 900)
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', '--memory'], {
    env: { ...process.env, SUPABASE_LOCAL_PORT: String(port) },
    stdio: 'ignore',
  })
  let ready = 0
  while (!ready && performance.now() - started < 60_000) {
    const ok = await fetch(`http://127.0.0.1:${port}/rest/v1/`).then((r) => r.ok, () => false)
    if (ok) ready = performance.now() - started
    else await new Promise((r) => setTimeout(r, 25))
  }
  child.kill('SIGTERM')
  const bareStart = performance.now()
  const bare = await PGlite.create()
  const bareMs = performance.now() - bareStart
  await bare.close()
  const inProcessStart = performance.now()
  const stack = await startStack({ memory: true, port: 0, seedFile: null })
  const inProcess = performance.now() - inProcessStart
  await stack.stop()
  return [
    { name: 'cold start, `npm run stack -- --memory` to ready (PGlite)', value: ready || Number.NaN, unit: 'ms', baseline: { name: 'bare PGlite.create()', value: bareMs }, target: '≤ 5000 ms' },
    { name: 'startStack() in process, memory without seed (loads the cached migrated copy once one exists)', value: inProcess, unit: 'ms', baseline: { name: 'bare PGlite.create()', value: bareMs } },
  ]
}

async function seedShop(stack: Stack) {
  const email = `bench-${randomUUID()}@example.com`
  const client = createClient(stack.url, PUBLISHABLE_KEY, noSession)
  const { data, error } = await client.auth.signUp({ email, password: 'bench-password' })
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`)
  const { data: shop } = await client.from('shops').insert({ name: 'Bench Shop' }).select('id').single().throwOnError()
  const rows = Array.from({ length: 500 }, (_, i) => ({ shop_id: shop.id, name: `Product ${String(i).padStart(4, '0')}`, sku: `SKU-${i}`, qty: i % 40 }))
  await client.from('products').insert(rows).throwOnError()
  return { client, shopId: shop.id as string, email }
}

// The catalogue's columns, named: no signed-in role may read products.unit_cost, so select=* is refused.
const COLUMNS = 'id, shop_id, name, sku, qty, low_stock_threshold, unit_price, created_at'

async function restOverhead(label: string, stack: Stack): Promise<Figure[]> {
  const { client, shopId } = await seedShop(stack)
  const sql = `select ${COLUMNS} from public.products where shop_id = $1 order by name limit 100`
  const rest = async () => {
    const { data } = await client.from('products').select(COLUMNS).eq('shop_id', shopId).order('name').limit(100).throwOnError()
    if (data.length !== 100) throw new Error('expected 100 rows')
  }
  const direct = async () => {
    const { rows } = await stack.db.query(sql, [shopId])
    if (rows.length !== 100) throw new Error('expected 100 rows')
  }
  const [restMs, directMs] = await samplePair(rest, direct, 300)
  const target = label === 'PGlite' ? '≤ 3×' : '≤ 2×'
  const floor = await httpFloor(stack, shopId, direct)
  const statements = await statementsOf(stack, rest)
  const [asCallerMs, directAgainMs] = await samplePair(() => stack.db.pipeline(statements), direct, 300)
  return [
    floor,
    { name: `the request's own statements run directly, as the caller (${label})`, value: percentile(asCallerMs, 50), unit: 'ms', baseline: { name: 'same SQL direct p50', value: percentile(directAgainMs, 50) } },
    { name: `REST select of 100 products p50 (${label})`, value: percentile(restMs, 50), unit: 'ms', baseline: { name: 'same SQL direct p50', value: percentile(directMs, 50) }, target },
    { name: `REST select of 100 products p95 (${label})`, value: percentile(restMs, 95), unit: 'ms', baseline: { name: 'same SQL direct p95', value: percentile(directMs, 95) } },
  ]
}

/** The statements one REST request sends (role and claims prelude, then the built select). */
async function statementsOf(stack: Stack, request: () => Promise<void>): Promise<Statement[]> {
  const pipeline = stack.db.pipeline
  let seen: readonly Statement[] = []
  stack.db.pipeline = (statements) => {
    seen = statements
    return pipeline(statements)
  }
  try {
    await request()
  } finally {
    stack.db.pipeline = pipeline
  }
  return [...seen]
}

/**
 * What HTTP and supabase-js alone cost: the same select through the official
 * client, answered by a server that only sends the 100 rows' JSON. No stack
 * can go below it; the REST ratio is read against it.
 */
async function httpFloor(stack: Stack, shopId: string, direct: () => Promise<void>): Promise<Figure> {
  const { data } = await createClient(stack.url, SERVICE_ROLE_KEY, noSession).from('products').select(COLUMNS).eq('shop_id', shopId).order('name').limit(100).throwOnError()
  const body = JSON.stringify(data)
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const client = createClient(`http://127.0.0.1:${port}`, PUBLISHABLE_KEY, noSession)
  try {
    const [floorMs, directMs] = await samplePair(async () => {
      await client.from('products').select(COLUMNS).eq('shop_id', shopId).order('name').limit(100).throwOnError()
    }, direct, 300)
    return { name: 'HTTP floor: the same select via supabase-js from a server that only sends the rows', value: percentile(floorMs, 50), unit: 'ms', baseline: { name: 'same SQL direct p50', value: percentile(directMs, 50) } }
  } finally {
    server.close()
  }
}

async function signIn(stack: Stack): Promise<Figure[]> {
  const { email } = await seedShop(stack)
  const client = createClient(stack.url, PUBLISHABLE_KEY, noSession)
  const times = await sample(async () => {
    const { error } = await client.auth.signInWithPassword({ email, password: 'bench-password' })
    if (error) throw error
  }, 20, 2)
  const hash = bcrypt.hashSync('bench-password', 10)
  const compare = await sample(() => bcrypt.compare('bench-password', hash), 20, 2)
  return [{ name: 'sign-in p50', value: percentile(times, 50), unit: 'ms', baseline: { name: 'bcrypt cost-10 verify alone', value: percentile(compare, 50) } }]
}

export async function runStackBench(): Promise<Figure[]> {
  const figures = await coldStart()
  const pglite = await startStack({ memory: true, port: 0, seedFile: null, config: { signInRateLimit: { max: 10_000, windowMs: 60_000 } } })
  try {
    figures.push(...(await restOverhead('PGlite', pglite)), ...(await signIn(pglite)))
  } finally {
    await pglite.stop()
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl)
    const pg = await startStack({ databaseUrl: scratch.url, memory: true, port: 0, seedFile: null })
    try {
      figures.push(...(await restOverhead('PostgreSQL', pg)))
    } finally {
      await pg.stop()
      await scratch.drop()
    }
  }
  return figures
}
