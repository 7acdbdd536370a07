// Realtime under a shop day's load: 10 shops, 5 signed-in devices each (50 supabase-js clients on
// their own websockets) listening to products and stock_movements with no filter, so RLS alone
// decides who hears what; the owners make 1,000 changes through REST, all at once. Every device
// must get exactly its own shop's 100 changes; the figure is the delay from the write's answer
// to the change arriving, against the REST write's own round trip in the same run; and the
// writes' round trip against the same writes with nobody listening.
import { randomUUID } from 'node:crypto'
import { createClient, type RealtimePostgresChangesPayload, type SupabaseClient } from '@supabase/supabase-js'
import { PUBLISHABLE_KEY } from '../supabase/local/config.ts'
import { createScratchDatabase } from '../supabase/local/db/scratch-database.ts'
import { startStack, type Stack } from '../supabase/local/stack.ts'
import { percentile, type Figure } from './stats.ts'

const SHOPS = 10
const DEVICES = 5
const PASSWORD = 'bench-password'
const noSession = { auth: { persistSession: false, autoRefreshToken: false } }

interface Shop {
  token: string
  shopId: string
  email: string
}

interface Device {
  shop: number
  client: SupabaseClient
  /** "table event id" → when it arrived */
  heard: Map<string, number>
  extra: string[]
}

async function openShop(stack: Stack, i: number): Promise<Shop> {
  const email = `realtime-bench-${i}-${randomUUID()}@example.com`
  const client = createClient(stack.url, PUBLISHABLE_KEY, noSession)
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD })
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`)
  const { data: shop } = await client.from('shops').insert({ name: `Bench Shop ${i}` }).select('id').single().throwOnError()
  return { token: data.session.access_token, shopId: shop.id as string, email }
}

async function connectDevice(stack: Stack, shops: Shop[], shop: number): Promise<Device> {
  const client = createClient(stack.url, PUBLISHABLE_KEY, noSession)
  const { error } = await client.auth.signInWithPassword({ email: shops[shop]!.email, password: PASSWORD })
  if (error) throw error
  const device: Device = { shop, client, heard: new Map(), extra: [] }
  const hear = (change: RealtimePostgresChangesPayload<{ id?: string }>) => {
    const row = change.eventType === 'DELETE' ? change.old : change.new
    const key = `${change.table} ${change.eventType} ${row.id}`
    if (device.heard.has(key)) device.extra.push(key)
    else device.heard.set(key, performance.now())
  }
  let subscribed = false
  const channel = client.channel(`shop-floor-${randomUUID()}`)
  for (const table of ['products', 'stock_movements']) channel.on('postgres_changes', { event: '*', schema: 'public', table }, hear)
  channel.on('system', {}, (message: { status: string }) => (subscribed ||= message.status === 'ok'))
  channel.subscribe()
  await until(() => subscribed, 30_000, 'a device never subscribed')
  return device
}

async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = performance.now()
  while (!done()) {
    if (performance.now() - start > timeoutMs) throw new Error(what)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A heartbeat answered: every change the stack sent that device before has arrived. */
async function flushed(client: SupabaseClient): Promise<void> {
  let answered = false
  client.realtime.onHeartbeat((status) => (answered ||= status === 'ok'))
  await client.realtime.sendHeartbeat()
  await until(() => answered, 10_000, 'a heartbeat went unanswered')
}

/** One REST write as the owner; its answer's rows and how long the round trip took. */
async function write(stack: Stack, shop: Shop, method: string, path: string, body?: unknown): Promise<{ rows: { id: string }[]; ms: number; at: number }> {
  const start = performance.now()
  // Rows name the column they answer: no role may read products.unit_cost, so select=* is refused.
  const url = path.startsWith('/rpc/') ? path : `${path}${path.includes('?') ? '&' : '?'}select=id`
  const response = await fetch(`${stack.url}/rest/v1${url}`, {
    method,
    headers: { apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${shop.token}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  const at = performance.now()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  const parsed = JSON.parse(text) as { id: string } | { id: string }[]
  return { rows: Array.isArray(parsed) ? parsed : [parsed], ms: at - start, at }
}

/**
 * A shop's 100 changes from 80 REST calls: 40 products added; 20 of them restocked (adjust_stock:
 * the product's update and a ledger row), 10 renamed, 10 deleted. Returns when each change's
 * write was answered, by "table event id", and every round trip.
 */
async function shopDay(stack: Stack, shop: Shop, acked: Map<string, number>, roundTrips: number[]): Promise<void> {
  const note = (key: string, result: { ms: number; at: number }) => {
    acked.set(key, result.at)
    roundTrips.push(result.ms)
  }
  const products: string[] = []
  for (let i = 0; i < 40; i++) {
    const added = await write(stack, shop, 'POST', '/products', { shop_id: shop.shopId, name: `Item ${i}`, sku: `SKU-${i}`, qty: 0 })
    products.push(added.rows[0]!.id)
    note(`products INSERT ${added.rows[0]!.id}`, added)
  }
  for (const [i, id] of products.entries()) {
    if (i < 20) {
      const restocked = await write(stack, shop, 'POST', '/rpc/adjust_stock', { p_product_id: id, p_delta: 6, p_reason: 'received' })
      note(`products UPDATE ${id}`, restocked)
      acked.set(`stock_movements INSERT ${restocked.rows[0]!.id}`, restocked.at)
    } else if (i < 30) {
      note(`products UPDATE ${id}`, await write(stack, shop, 'PATCH', `/products?id=eq.${id}`, { name: `Item ${i} renamed` }))
    } else {
      note(`products DELETE ${id}`, await write(stack, shop, 'DELETE', `/products?id=eq.${id}`))
    }
  }
}

async function measure(label: string, stack: Stack): Promise<Figure[]> {
  // the same day's writes with nobody listening: what Realtime adds to a write
  const quietShops = await Promise.all(Array.from({ length: SHOPS }, (_, i) => openShop(stack, i)))
  const quietTrips: number[] = []
  await Promise.all(quietShops.map((shop) => shopDay(stack, shop, new Map(), quietTrips)))

  const shops = await Promise.all(Array.from({ length: SHOPS }, (_, i) => openShop(stack, i)))
  const devices: Device[] = []
  for (let shop = 0; shop < SHOPS; shop++) for (let d = 0; d < DEVICES; d++) devices.push(await connectDevice(stack, shops, shop))
  const acked = shops.map(() => new Map<string, number>())
  const roundTrips: number[] = []
  const started = performance.now()
  await Promise.all(shops.map((shop, i) => shopDay(stack, shop, acked[i]!, roundTrips)))
  const changes = acked.reduce((n, shop) => n + shop.size, 0)
  await until(() => devices.every((d) => d.heard.size >= acked[d.shop]!.size), 60_000, 'not every device heard its shop').catch(() => {})
  const seconds = (performance.now() - started) / 1000
  await Promise.all(devices.map((d) => flushed(d.client)))

  const latencies: number[] = []
  let early = 0
  let exact = 0
  for (const device of devices) {
    const expected = acked[device.shop]!
    const heard = [...device.heard.keys()]
    const right = heard.length === expected.size && heard.every((key) => expected.has(key)) && device.extra.length === 0
    if (right) exact++
    else console.error(`[bench] a device of shop ${device.shop} heard ${heard.length} changes (${heard.filter((k) => !expected.has(k)).length} not its shop's, ${device.extra.length} twice), expected ${expected.size}`)
    for (const [key, at] of device.heard) {
      const ack = expected.get(key)
      if (ack === undefined) continue
      if (at < ack) early++
      latencies.push(Math.max(0, at - ack))
    }
  }
  for (const device of devices) await device.client.removeAllChannels()
  if (changes !== SHOPS * 100) throw new Error(`expected ${SHOPS * 100} changes, wrote ${changes}`)
  return [
    { name: `devices that heard exactly their shop's 100 changes, no other (${label})`, value: exact, unit: `of ${devices.length}`, target: `${devices.length} of ${devices.length}` },
    {
      name: `${latencies.length} deliveries of ${changes} changes in ${Math.round(seconds * 10) / 10} s; ${early} arrived before the write's answer (${label})`,
      value: latencies.length,
      unit: 'deliveries',
      target: `${SHOPS * DEVICES * 100}`,
    },
    { name: `delivery latency p50, write answered → change heard (${label})`, value: percentile(latencies, 50), unit: 'ms', baseline: { name: 'REST write round trip p50', value: percentile(roundTrips, 50) } },
    { name: `delivery latency p95 (${label})`, value: percentile(latencies, 95), unit: 'ms', baseline: { name: 'REST write round trip p95', value: percentile(roundTrips, 95) }, target: '≤ 500 ms' },
    { name: `REST write round trip p50, 50 devices listening (${label})`, value: percentile(roundTrips, 50), unit: 'ms', baseline: { name: 'the same writes, nobody listening', value: percentile(quietTrips, 50) } },
    { name: `delivery latency max (${label})`, value: Math.max(...latencies), unit: 'ms', baseline: { name: 'REST write round trip max', value: Math.max(...roundTrips) } },
  ]
}

export async function runRealtimeBench(): Promise<Figure[]> {
  const config = { signInRateLimit: { max: 10_000, windowMs: 60_000 } }
  const pglite = await startStack({ memory: true, port: 0, seedFile: null, config })
  const figures: Figure[] = []
  try {
    figures.push(...(await measure('PGlite', pglite)))
  } finally {
    await pglite.stop()
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl)
    const pg = await scratch.serially(() => startStack({ databaseUrl: scratch.url, memory: true, port: 0, seedFile: null, config }))
    try {
      figures.push(...(await measure('PostgreSQL', pg)))
    } finally {
      await pg.stop()
      await scratch.drop()
    }
  }
  return figures
}
