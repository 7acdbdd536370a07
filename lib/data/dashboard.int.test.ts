// dashboard_summary() against a real stack: the shop's own day, costs known and
// unknown, the optimal fallback, bounds, an empty shop, and loadDashboard().
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { loadDashboard } from '@/lib/actions/load-dashboard'
import type { Stack } from '@/supabase/local/stack'
import { countingClient, signUpUser } from '@/supabase/local/test/stack-fixture'
import { getDashboardSummary } from './dashboard'
import { getLowStock, getReorderSuggestions, type StockRows } from './reorder'
import { insertMovement, ownerInZone } from '@/test/support/dashboard-test-data'

let stack: Stack

beforeAll(async () => {
  stack = await startActionStack()
})
afterAll(async () => stack?.stop())

/** The wall clock in a zone, as `YYYY-MM-DD, HH:MM:SS`. */
const wallClock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))

const shift = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString()

describe('dashboard_summary()', () => {
  it('gives a new shop nothing that looks like data, and a user without a shop null', async () => {
    const owner = await ownerWithShop(stack, 'Empty Shop')
    const summary = await getDashboardSummary(owner.client)
    expect(summary).toMatchObject({
      currency: 'GBP',
      today: { sold: 0, sales: 0, gone: 0, received: 0, movements: 0 },
      stock: { products: 0, units: 0, costed_products: 0, value: 0, low: 0 },
      last_scan_at: null,
      low_stock: [],
      recent: [],
    })
    const newcomer = await signUpUser(stack)
    expect(await getDashboardSummary(newcomer.client)).toBeNull()
  })

  for (const timeZone of ['Pacific/Auckland', 'Europe/London']) {
    it(`counts today from local midnight to local midnight in ${timeZone}`, async () => {
      const owner = await ownerInZone(stack, timeZone)
      const id = await addProduct(owner, { name: 'Flat White Beans', qty: 0 })
      const { day } = (await getDashboardSummary(owner.client))!
      expect(wallClock(day.start, timeZone)).toBe(`${day.date}, 00:00:00`)
      expect(wallClock(day.end, timeZone)).toMatch(/, 00:00:00$/)
      expect(new Date(day.start).getTime()).toBeLessThanOrEqual(Date.now())
      expect(new Date(day.end).getTime()).toBeGreaterThan(Date.now())

      await insertMovement(stack, owner, id, { at: shift(day.start, -1000), delta: -4, reason: 'sold' })
      await insertMovement(stack, owner, id, { at: day.start, delta: -1, reason: 'sold' })
      await insertMovement(stack, owner, id, { at: shift(day.start, 1000), delta: -2, reason: 'sold' })
      await insertMovement(stack, owner, id, { at: shift(day.start, 2000), delta: -3, reason: 'gone', source: 'photo_count' })
      await insertMovement(stack, owner, id, { at: shift(day.start, 3000), delta: 6, reason: 'received' })
      const summary = (await getDashboardSummary(owner.client))!
      expect(summary.today).toEqual({ sold: 3, sales: 2, gone: 3, received: 6, movements: 4 })
      expect(summary.timezone).toBe(timeZone)
    })
  }

  it("keeps one shop's day and figures out of another's", async () => {
    const auckland = await ownerInZone(stack, 'Pacific/Auckland')
    const london = await ownerInZone(stack, 'Europe/London')
    const kiwi = await addProduct(auckland, { name: 'Kiwi', qty: 0 })
    const { day } = (await getDashboardSummary(auckland.client))!
    await insertMovement(stack, auckland, kiwi, { at: shift(day.start, 1000), delta: -5, reason: 'sold' })
    const other = (await getDashboardSummary(london.client))!
    expect(other.today.sold).toBe(0)
    expect(other.recent).toEqual([])
    expect(other.day.start).not.toBe(day.start)
  })

  it('values stock only where costs are known and says for how many products', async () => {
    const owner = await ownerWithShop(stack, 'Cost Shop')
    await addProduct(owner, { name: 'Costed A', qty: 4, unit_cost: 1.25 })
    await addProduct(owner, { name: 'Costed B', qty: 3, unit_cost: 10 })
    await addProduct(owner, { name: 'Uncosted', qty: 100 })
    const { stock } = (await getDashboardSummary(owner.client))!
    expect(stock).toEqual({ products: 3, units: 107, costed_products: 2, value: 35, low: 0 })
  })

  it('lists low stock emptiest first, with the target or the fallback as optimal', async () => {
    const owner = await ownerWithShop(stack, 'Low Shop')
    await addProduct(owner, { name: 'Target Set', sku: 'T', qty: 3, low_stock_threshold: 4, target_qty: 12 })
    await addProduct(owner, { name: 'No Target', qty: 2, low_stock_threshold: 5 })
    await addProduct(owner, { name: 'Zero Threshold', qty: 0, low_stock_threshold: 0 })
    await addProduct(owner, { name: 'At Threshold', qty: 5, low_stock_threshold: 5, target_qty: 0 })
    await addProduct(owner, { name: 'Plenty', qty: 50, low_stock_threshold: 5 })
    const summary = (await getDashboardSummary(owner.client))!
    expect(summary.stock.low).toBe(4)
    expect(summary.low_stock.map(({ name, qty, optimal, optimal_is_target }) => [name, qty, optimal, optimal_is_target])).toEqual([
      ['Zero Threshold', 0, 1, false],
      ['No Target', 2, 10, false],
      ['Target Set', 3, 12, true],
      ['At Threshold', 5, 10, false],
    ])
  })

  it('alerts a product that sells at the reorder point the reorder page orders by, above its low-stock level', async () => {
    const owner = await ownerInZone(stack, 'Europe/London', 'Selling Shop')
    const oat = await addProduct(owner, { name: 'Oat Milk', qty: 10, low_stock_threshold: 2 })
    const beans = await addProduct(owner, { name: 'Beans', qty: 20, low_stock_threshold: 2 })
    await addProduct(owner, { name: 'Rice', qty: 10, low_stock_threshold: 12 })
    // 2 a day for the last 28 days, never out of stock: no supplier, so 7 days' lead time: reorder point 14
    for (let daysAgo = 1; daysAgo <= 28; daysAgo++) {
      const at = new Date(Date.now() - daysAgo * 86_400_000)
      at.setUTCHours(12, 0, 0, 0)
      for (const id of [oat, beans]) await insertMovement(stack, owner, id, { at: at.toISOString(), delta: -2, reason: 'sold', qtyAfter: 10 })
    }
    const summary = (await getDashboardSummary(owner.client))!
    expect(summary.stock.low).toBe(2)
    expect(summary.low_stock.map(({ name, qty, optimal, reorder_point }) => [name, qty, optimal, reorder_point])).toEqual([
      ['Oat Milk', 10, 28, 14], // optimal: the reorder point and a week of sales
      ['Rice', 10, 24, null],
    ])
    const [line] = (await getReorderSuggestions(owner.client))!.groups.flatMap((group) => group.lines)
    expect([line?.name, line?.reorderPoint]).toEqual(['Oat Milk', 14])
  })

  it('counts and lists exactly the products low by the reorder page, at any service level, from only those that can be low', async () => {
    const owner = await ownerInZone(stack, 'Europe/London', 'Random Shop')
    // a fixed seed: the same shop on every run
    let seed = 20261129
    const int = (n: number) => Math.floor(((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * n)
    const suppliers: string[] = []
    for (const lead of [1, 4, 14]) {
      const { data } = await owner.client.from('suppliers').insert({ shop_id: owner.shopId, name: `Lead ${lead}`, lead_time_days: lead }).select('id').single().throwOnError()
      suppliers.push(data.id as string)
    }
    const products = Array.from({ length: 40 }, (_, i) => ({
      shop_id: owner.shopId,
      name: `Random ${String(i).padStart(2, '0')}`,
      qty: int(40) + (i % 6 === 0 ? 300 : 0),
      low_stock_threshold: int(8),
      target_qty: int(3) === 0 ? 10 + int(50) : null,
    }))
    const { data: rows } = await owner.client.from('products').insert(products).select('id').throwOnError()
    const ids = rows.map((row) => row.id as string)
    for (const [i, id] of ids.entries()) {
      if (i % 4 === 0) continue // no supplier: 7 days assumed
      await owner.client.rpc('link_product_supplier', { p_product_id: id, p_supplier_id: suppliers[i % 3], p_pack_size: 1 + int(6), p_preferred: true }).throwOnError()
    }
    // the 28 days before today: uneven sales, some days ending out of stock; every fifth product sells nothing
    const moves = ids.flatMap((id, i) => (i % 5 === 0 ? [] : Array.from({ length: 28 }, (_, day) => [id, -1 - int(1 + (i % 7) * 2), int(10) === 0 ? 0 : 5, day + 1] as const)))
    await stack.db.query(
      `insert into stock_movements (shop_id, product_id, delta, qty_after, reason, created_at)
       select $1, t.p, t.d, t.q, 'sold', (((now() at time zone 'Europe/London')::date - t.n) + time '12:00') at time zone 'Europe/London'
         from unnest($2::uuid[], $3::int[], $4::int[], $5::int[]) as t(p, d, q, n)`,
      [owner.shopId, moves.map((m) => m[0]), moves.map((m) => m[1]), moves.map((m) => m[2]), moves.map((m) => m[3])],
    )
    const lowAt = new Map<number, Set<string>>()
    for (const level of [0.5, 0.8, 0.95, 0.999]) {
      await owner.client.from('shops').update({ reorder_service_level: level }).eq('id', owner.shopId).throwOnError()
      // the reorder page's rule over every product (reorder_inputs())
      const full = await getLowStock(owner.client)
      const summary = (await getDashboardSummary(owner.client))!
      expect(summary.stock.low).toBe(full.low)
      expect(summary.low_stock).toEqual(full.items.slice(0, 10).map(({ orderQty: _, ...item }) => item))
      const { data } = await owner.client.rpc('dashboard').throwOnError()
      const carried = (data as { stock_rows: StockRows }).stock_rows.products.length
      expect(carried).toBeGreaterThanOrEqual(full.low)
      expect(carried).toBeLessThan(ids.length)
      lowAt.set(level, new Set(full.items.map((item) => item.id)))
    }
    // some products are low only once the safety stock is large: the rows carried must reach that far
    expect([...lowAt.get(0.999)!].filter((id) => !lowAt.get(0.5)!.has(id)).length).toBeGreaterThan(0)
  })

  it('bounds the lists: the 10 emptiest low-stock products and the 20 newest movements, newest first', async () => {
    const owner = await ownerWithShop(stack, 'Busy Shop')
    const rows = Array.from({ length: 60 }, (_, i) => ({ shop_id: owner.shopId, name: `Low ${String(i).padStart(2, '0')}`, qty: 0, low_stock_threshold: 2 }))
    await owner.client.from('products').insert(rows).throwOnError()
    const id = await addProduct(owner, { name: 'Seller', qty: 100 })
    for (let i = 1; i <= 25; i++) {
      await insertMovement(stack, owner, id, { at: new Date(Date.now() - (30 - i) * 1000).toISOString(), delta: -1, reason: 'sold' })
    }
    const summary = (await getDashboardSummary(owner.client))!
    expect(summary.stock.low).toBe(60)
    expect(summary.low_stock).toHaveLength(10)
    expect(summary.recent).toHaveLength(20)
    const times = summary.recent.map((m) => new Date(m.created_at).getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
    // The opening stock was written just now; the sales before it.
    expect(summary.recent[0]).toMatchObject({ name: 'Seller', delta: 100, reason: 'initial', reason_label: 'Opening stock' })
    expect(summary.recent[1]).toMatchObject({ name: 'Seller', delta: -1, reason: 'sold', reason_label: 'Sold' })
  })

  it('marks a sale undone at the till as undone, not as a sale', async () => {
    const owner = await ownerWithShop(stack, 'Undo Shop')
    const id = await addProduct(owner, { name: 'Muesli', qty: 10 })
    const tap = crypto.randomUUID()
    await owner.client.rpc('adjust_stock', { p_product_id: id, p_delta: -2, p_reason: 'sold', p_request_id: tap }).throwOnError()
    await owner.client.rpc('undo_stock_change', { p_product_id: id, p_request_id: tap }).throwOnError()
    const summary = (await getDashboardSummary(owner.client))!
    expect(summary.recent.slice(0, 2)).toMatchObject([
      { delta: 2, reason: 'sold', reason_label: 'Sold (undone)' },
      { delta: -2, reason: 'sold', reason_label: 'Sold' },
    ])
  })

  it('reports the latest analysed stocktake photo as the last scan', async () => {
    const owner = await ownerWithShop(stack, 'Scan Shop')
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into count_sessions (shop_id, status) values ($1, 'open') returning id`,
      [owner.shopId],
    )
    const session = rows[0]!.id
    const photo = (side: string, analysedAt: string | null, n: number) =>
      stack.db.query(
        `insert into count_photos (session_id, shop_id, side, storage_path, taken_at, status, analysed_at)
         values ($1, $2, $3, $4, now(), $5, $6)`,
        [session, owner.shopId, side, `${owner.shopId}/${session}/${side}-${n}.jpg`, analysedAt ? 'analysed' : 'pending', analysedAt],
      )
    await photo('start', '2026-01-02T08:00:00Z', 1)
    await photo('end', '2026-01-02T18:30:00Z', 2)
    await photo('end', null, 3)
    const summary = (await getDashboardSummary(owner.client))!
    expect(new Date(summary.last_scan_at!).toISOString()).toBe('2026-01-02T18:30:00.000Z')
    // The stocktake under way, for the dashboard's link to it: one photo still waits to be counted.
    expect(summary.open_stocktake).toEqual({ id: session, created_at: expect.any(String), stage: 'counting' })
    await stack.db.query("update count_photos set status = 'analysed', codes_found = 1 where session_id = $1", [session])
    expect((await getDashboardSummary(owner.client))!.open_stocktake).toMatchObject({ id: session, stage: 'ready' })
    await stack.db.query("update count_sessions set status = 'confirmed' where id = $1", [session])
    expect((await getDashboardSummary(owner.client))!.open_stocktake).toBeNull()
    // one left open for 8 days is not under way (the next visit to /upload closes it)
    await stack.db.query(`insert into count_sessions (shop_id, status, created_at) values ($1, 'open', now() - interval '8 days')`, [owner.shopId])
    expect((await getDashboardSummary(owner.client))!.open_stocktake).toBeNull()
  })

  it('reads everything it shows in one request to the backend', async () => {
    const owner = await ownerWithShop(stack, 'One Call Shop')
    await addProduct(owner, { name: 'Milk', qty: 1, low_stock_threshold: 3 })
    const { client, paths } = countingClient(stack, owner.accessToken)
    expect((await getDashboardSummary(client))!.stock).toMatchObject({ products: 1, low: 1 })
    expect(paths).toEqual(['/rest/v1/rpc/dashboard'])
  })
})

describe('loadDashboard', () => {
  let owner: Owner

  beforeAll(async () => {
    owner = await ownerWithShop(stack, 'Action Shop')
    await addProduct(owner, { name: 'Milk', qty: 2, low_stock_threshold: 3 })
  })

  it('returns the signed-in owner’s figures', async () => {
    await signInAs(owner)
    const result = await loadDashboard()
    expect(result).toMatchObject({ ok: true, data: { stock: { products: 1, units: 2, low: 1 } } })
  })

  it('says so, without throwing, when signed out or without a shop', async () => {
    signOutEveryone()
    expect(await loadDashboard()).toEqual({ ok: false, message: 'No user found' })
    await signInAs(await signUpUser(stack))
    expect(await loadDashboard()).toMatchObject({ ok: false, noShop: true })
  })
})
