// reorder_inputs(): per product, the figures of its selling days in the shop's own
// days (here UTC+5:30), out-of-stock days left out, what is on order and the
// supplier to order from, on a hand-built ledger with known answers. The days are
// worked out here from stock_days by the rule written out day by day (the oracle),
// and every product's figures from the database must be those days' figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getReorderSuggestions } from '../../../lib/data/reorder.ts'
import { salesStatsOf, sellingDaySales, type DayMoves } from '../../../test/support/selling-days.ts'
import type { Stack } from '../stack.ts'
import { countingClient, signUpUser, startTestStack, type TestUser } from './stack-fixture.ts'

const ZONE = 'Asia/Kolkata'
let stack: Stack
let owner: TestUser
let shopId: string

interface Inputs {
  product_id: string
  name: string
  qty: number
  on_order: number
  supplier_name: string | null
  lead_time_days: number | null
  pack_size: number
  sales: [number, number, number, number]
  /** worked out here from stock_days, day by day */
  daily_sales: number[]
}

async function product(name: string, qty: number): Promise<string> {
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into products (shop_id, name, sku, qty, low_stock_threshold) values ($1, $2, $2, $3, 4) returning id`,
    [shopId, name, qty],
  )
  // the opening movement the insert wrote is today's; the history below is older
  await stack.db.query(`delete from stock_movements where product_id = $1`, [rows[0]!.id])
  return rows[0]!.id
}

/** A movement `daysAgo` local days before today, at a local time of day. */
async function move(productId: string, daysAgo: number, localTime: string, delta: number, qtyAfter: number, reason: string) {
  await stack.db.query(
    `insert into stock_movements (shop_id, product_id, delta, qty_after, reason, created_at)
     values ($1, $2, $3, $4, $5, (((now() at time zone $6)::date - $7::integer) + $8::time) at time zone $6)`,
    [shopId, productId, delta, qtyAfter, reason, ZONE, daysAgo, localTime],
  )
}

/** Each product's selling days over the `days` before today, from stock_days, day by day. */
async function oracleDays(days: number): Promise<Map<string, number[]>> {
  const { rows } = await stack.db.query<{ product_id: string; opening: number; moves: DayMoves[] }>(
    `with w as (select (now() at time zone s.timezone)::date as today from shops s where s.id = $1)
     select p.id as product_id,
            coalesce((select sd.end_qty from stock_days sd where sd.product_id = p.id and sd.day < w.today - $2::integer
                       order by sd.day desc limit 1), 0) as opening,
            coalesce((select json_agg(json_build_array(sd.day - (w.today - $2::integer), sd.sold, sd.end_qty))
                        from stock_days sd where sd.product_id = p.id and sd.day >= w.today - $2::integer and sd.day < w.today), '[]') as moves
       from products p cross join w where p.shop_id = $1`,
    [shopId, days],
  )
  return new Map(rows.map((row) => [row.product_id, sellingDaySales(row.opening, row.moves, days)]))
}

async function inputs(): Promise<Inputs[]> {
  const { data } = await owner.client.rpc('reorder_inputs').throwOnError()
  const { days, products } = data as { days: number; products: Inputs[] }
  const oracle = await oracleDays(days)
  const rows = products.map((row) => ({ ...row, daily_sales: oracle.get(row.product_id)! }))
  for (const row of rows) {
    const { days: n, units, squares, saleDays } = salesStatsOf(row.daily_sales)
    expect(row.sales, row.name).toEqual([n, units, squares, saleDays])
  }
  return rows
}

beforeAll(async () => {
  stack = await startTestStack()
  owner = await signUpUser(stack)
  const { data } = await owner.client.from('shops').insert({ name: 'Reorder Shop', timezone: ZONE }).select('id').single().throwOnError()
  shopId = data.id as string
})

afterAll(async () => {
  await stack?.stop()
})

describe('reorder_inputs', () => {
  it('counts sales per local day and leaves out the days the product was out of stock', async () => {
    const milk = await product('Milk', 8)
    await move(milk, 60, '09:00', 10, 10, 'received')
    await move(milk, 10, '12:00', -3, 7, 'sold')
    await move(milk, 9, '12:00', -2, 5, 'sold')
    await move(milk, 8, '10:00', -4, 1, 'sold')
    await move(milk, 8, '18:00', -1, 0, 'gone')
    // days 7, 6 and 5 ago: empty shelf, nothing sold; day 4: delivery, still nothing sold
    await move(milk, 4, '16:00', 12, 12, 'received')
    // 00:30 local is 19:00 UTC the evening before: it counts on the local day
    await move(milk, 3, '00:30', -4, 8, 'sold')
    const row = (await inputs()).find((r) => r.product_id === milk)!
    expect(row.qty).toBe(8)
    // 56 days back: 46 in-stock days without a sale, then 3, 2, 5 (sold and gone), then 4, 0, 0
    expect(row.daily_sales).toHaveLength(52)
    expect(row.daily_sales.slice(-6)).toEqual([3, 2, 5, 4, 0, 0])
    expect(row.daily_sales.slice(0, 46).every((units) => units === 0)).toBe(true)
  })

  it('nets an undone sale, and gives a product without history no days', async () => {
    const bread = await product('Bread', 5)
    await move(bread, 70, '08:00', 9, 9, 'received')
    await move(bread, 2, '09:00', -3, 6, 'sold')
    await move(bread, 2, '09:05', 1, 7, 'sold')
    const fresh = await product('Fresh Item', 0)
    const rows = await inputs()
    expect(rows.find((r) => r.product_id === bread)!.daily_sales.slice(-2)).toEqual([2, 0])
    expect(rows.find((r) => r.product_id === fresh)!.daily_sales).toEqual([])
  })

  it('counts open orders as on order and names the preferred supplier, with its pack size', async () => {
    const eggs = await product('Eggs', 3)
    const supplier = async (name: string, lead: number) =>
      (await owner.client.from('suppliers').insert({ shop_id: shopId, name, lead_time_days: lead }).select('id').single().throwOnError()).data.id as string
    const quick = await supplier('Quick Farm', 2)
    const slow = await supplier('Slow Farm', 9)
    await owner.client.rpc('link_product_supplier', { p_product_id: eggs, p_supplier_id: quick, p_pack_size: 6 }).throwOnError()
    await owner.client.rpc('link_product_supplier', { p_product_id: eggs, p_supplier_id: slow, p_pack_size: 30, p_preferred: true }).throwOnError()
    const order = async () => {
      const { data } = await owner.client
        .rpc('create_purchase_order', { p_supplier_id: slow, p_lines: [{ product_id: eggs, packs: 1 }] })
        .single<{ id: string }>()
        .throwOnError()
      return data.id
    }
    const partly = await order()
    const { data: line } = await owner.client.from('purchase_order_lines').select('id').eq('purchase_order_id', partly).single().throwOnError()
    await owner.client.rpc('set_purchase_order_status', { p_purchase_order_id: partly, p_status: 'sent' }).throwOnError()
    await owner.client.rpc('receive_purchase_order', { p_purchase_order_id: partly, p_lines: [{ line_id: line.id, units: 10, received_before: 0 }] }).throwOnError()
    const cancelled = await order()
    await owner.client.rpc('set_purchase_order_status', { p_purchase_order_id: cancelled, p_status: 'cancelled' }).throwOnError()
    await order()
    const row = (await inputs()).find((r) => r.product_id === eggs)!
    expect({ qty: row.qty, on_order: row.on_order, supplier: row.supplier_name, lead: row.lead_time_days, pack: row.pack_size }).toEqual({
      qty: 13,
      on_order: 20 + 30,
      supplier: 'Slow Farm',
      lead: 9,
      pack: 30,
    })
  })

  it("gives the reorder page its suggestions, the shop's service level and each supplier's open draft in one request, and null without a shop", async () => {
    await owner.client.from('shops').update({ reorder_service_level: 0.9 }).eq('id', shopId).throwOnError()
    // Slow Farm's open draft (the test above) and an older one of its; Quick Farm has a sent order only
    const { rows: open } = await stack.db.query<{ id: string; number: number; supplier_id: string }>(
      `select id, number, supplier_id from purchase_orders where shop_id = $1 and status = 'draft'`,
      [shopId],
    )
    expect(open).toHaveLength(1)
    const quick = (await stack.db.query<{ id: string }>(`select id from suppliers where shop_id = $1 and name = 'Quick Farm'`, [shopId])).rows[0]!.id
    await stack.db.query(
      `insert into purchase_orders (shop_id, supplier_id, number, status, created_at)
       values ($1, $2, 901, 'draft', now() - interval '1 day'), ($1, $3, 902, 'sent', now())`,
      [shopId, open[0]!.supplier_id, quick],
    )
    const { client, paths } = countingClient(stack, owner.accessToken)
    const reorder = (await getReorderSuggestions(client))!
    expect(paths).toEqual(['/rest/v1/rpc/reorder_inputs'])
    expect(reorder.serviceLevel).toBe(0.9)
    expect([...reorder.drafts]).toEqual([[open[0]!.supplier_id, { id: open[0]!.id, number: open[0]!.number }]])
    expect(reorder.groups.flatMap((group) => group.lines.map((line) => line.name))).toContain('Fresh Item')
    expect(await getReorderSuggestions((await signUpUser(stack)).client)).toBeNull()
  })

  it("shows nothing of another shop's", async () => {
    const stranger = await signUpUser(stack)
    await stranger.client.from('shops').insert({ name: 'Stranger Shop' }).throwOnError()
    const { data } = await stranger.client.rpc('reorder_inputs').throwOnError()
    expect(data).toEqual({ days: 56, service_level: 0.95, products: [], drafts: [] })
    const nobody = await signUpUser(stack)
    expect((await nobody.client.rpc('reorder_inputs').throwOnError()).data).toEqual({ days: null, service_level: null, products: [], drafts: [] })
  })

  it('gives every product the figures of its selling days on a ledger of sales, stock-outs, deliveries and undos', async () => {
    // a fixed seed: the same ledger on every run
    let seed = 20261127
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const ids: string[] = []
    for (let i = 0; i < 24; i++) {
      const id = await product(`Random ${String(i).padStart(2, '0')}`, 0)
      ids.push(id)
      let qty = 0
      // a third of them wait long for a delivery once empty: fewer selling days than are kept
      const restock = i % 3 === 0 ? 0.04 : 1
      for (let daysAgo = 75; daysAgo >= 1; daysAgo--) {
        if (random() < 0.35 || (qty === 0 && daysAgo < 70 && random() > restock)) continue
        for (const time of random() < 0.3 ? ['09:00', '17:30'] : ['12:00']) {
          const roll = random()
          const delta = qty === 0 || roll < 0.12 ? 1 + Math.floor(random() * 9) : roll < 0.9 ? -Math.min(qty, 1 + Math.floor(random() * 4)) : 1
          const reason = delta > 0 ? (roll >= 0.9 ? 'sold' : 'received') : roll < 0.8 ? 'sold' : 'gone'
          qty += delta
          await move(id, daysAgo, time, delta, qty, reason)
        }
      }
    }
    // inputs() holds every product's figures to its days
    const rows = (await inputs()).filter((row) => ids.includes(row.product_id))
    expect(rows).toHaveLength(24)
    // the ledger has what the rule is about: more selling days than are kept, and days left out
    expect(rows.some((row) => row.daily_sales.length > 28)).toBe(true)
    expect(rows.some((row) => row.daily_sales.length < 28)).toBe(true)
  })

  it('works the figures out again when the shop changes time zone', async () => {
    const before = await inputs()
    await owner.client.from('shops').update({ timezone: 'America/Los_Angeles' }).eq('id', shopId).throwOnError()
    const after = await inputs()
    // Milk's 00:30 sale in Kolkata is the evening before in Los Angeles
    const milk = (rows: Inputs[]) => rows.find((row) => row.name === 'Milk')!.sales
    expect(milk(after)).not.toEqual(milk(before))
  })
})
