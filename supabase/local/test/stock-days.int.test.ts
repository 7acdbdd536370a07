// stock_days, which reorder_inputs() (and so the dashboard's low-stock alerts and
// the reorder page) reads instead of the ledger: after every way the ledger is
// written (taps and their undo, counts, receipts, imports, a stocktake, rows
// written with an earlier time, deletions, a new time zone, the demo shop's
// history), it holds exactly what the ledger gives computed from scratch.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '../stack.ts'
import { signUpUser, startTestStack } from './stack-fixture.ts'
import { addProduct, type Owner } from '../../../test/support/catalogue-test-data.ts'
import { insertMovement, ownerInZone } from '../../../test/support/dashboard-test-data.ts'
import { countedPhoto, openSession } from '../../../test/support/stocktake-test-data.ts'

interface Day {
  product_id: string
  day: string
  sold: number
  end_qty: number
}

let stack: Stack
let owner: Owner

const days = async (sql: string, shopId: string) =>
  (await stack.db.query<Day>(`${sql} order by product_id, day`, [shopId])).rows.map((r) => ({ ...r, day: String(r.day) }))

const maintained = (shopId: string) =>
  days(`select product_id, to_char(day, 'YYYY-MM-DD') as day, sold, end_qty from stock_days where shop_id = $1`, shopId)

// What reorder_inputs() computed from the ledger on every call before stock_days.
const fromScratch = (shopId: string) =>
  days(
    `select m.product_id, to_char((m.created_at at time zone s.timezone)::date, 'YYYY-MM-DD') as day,
            sum(case when m.reason in ('sold', 'gone') then -m.delta else 0 end)::integer as sold,
            (array_agg(m.qty_after order by m.created_at desc, m.id desc))[1] as end_qty
       from stock_movements m join shops s on s.id = m.shop_id
      where m.shop_id = $1
      group by m.product_id, 2`,
    shopId,
  )

async function expectInStep(shopId = owner.shopId) {
  const expected = await fromScratch(shopId)
  expect(expected.length).toBeGreaterThan(0)
  expect(await maintained(shopId)).toEqual(expected)
}

const tap = (productId: string, delta: number, reason: string, requestId = randomUUID()) =>
  owner.client.rpc('adjust_stock', { p_product_id: productId, p_delta: delta, p_reason: reason, p_request_id: requestId }).throwOnError()

/** A local wall-clock time `daysAgo` days before today in the shop's zone, as an instant. */
async function localTime(daysAgo: number, time: string): Promise<string> {
  const { rows } = await stack.db.query<{ at: string }>(
    `select ((((now() at time zone s.timezone)::date - $2::integer) + $3::time) at time zone s.timezone)::text as at from shops s where s.id = $1`,
    [owner.shopId, daysAgo, time],
  )
  return rows[0]!.at
}

beforeAll(async () => {
  stack = await startTestStack()
  owner = await ownerInZone(stack, 'America/New_York', 'Days Shop')
})

afterAll(async () => {
  await stack?.stop()
})

describe('stock_days', () => {
  it('follows taps, an undo, counts, receipts, imports and a stocktake', async () => {
    const milk = await addProduct(owner, { name: 'Milk', sku: 'MILK', qty: 10 })
    const bread = await addProduct(owner, { name: 'Bread', sku: 'BREAD', qty: 0 })
    const sale = randomUUID()
    await tap(milk, -1, 'sold', sale)
    await tap(milk, -2, 'sold')
    await owner.client.rpc('undo_stock_change', { p_product_id: milk, p_request_id: sale }).throwOnError()
    await owner.client.rpc('set_stock', { p_product_id: bread, p_qty: 7 }).throwOnError()
    await expectInStep()
    // an undone sale nets out: 2 units sold today, not 3 or 4
    expect((await maintained(owner.shopId)).find((d) => d.product_id === milk)).toMatchObject({ sold: 2, end_qty: 8 })

    const { data: supplier } = await owner.client.from('suppliers').insert({ shop_id: owner.shopId, name: 'Dairy' }).select('id').single().throwOnError()
    await owner.client.rpc('link_product_supplier', { p_product_id: milk, p_supplier_id: supplier.id, p_pack_size: 6 }).throwOnError()
    const { data: order } = await owner.client
      .rpc('create_purchase_order', { p_supplier_id: supplier.id, p_lines: [{ product_id: milk, packs: 2 }] })
      .single<{ id: string }>()
      .throwOnError()
    const { data: line } = await owner.client.from('purchase_order_lines').select('id').eq('purchase_order_id', order.id).single().throwOnError()
    await owner.client.rpc('set_purchase_order_status', { p_purchase_order_id: order.id, p_status: 'sent' }).throwOnError()
    await owner.client
      .rpc('receive_purchase_order', { p_purchase_order_id: order.id, p_lines: [{ line_id: line.id, units: 6, received_before: 0 }] })
      .throwOnError()
    await owner.client
      .rpc('import_products', {
        p_rows: [
          { sku: 'BREAD', name: 'Bread', qty: 3 },
          { sku: 'EGGS', name: 'Eggs', qty: 12 },
        ],
        p_request_id: randomUUID(),
      })
      .throwOnError()
    await expectInStep()

    const session = await openSession(owner)
    await countedPhoto(owner, session, 'start', { [milk]: 14 })
    await countedPhoto(owner, session, 'end', { [milk]: 9 })
    const { data: review } = await owner.client.rpc('count_session_review', { p_session_id: session }).throwOnError()
    await owner.client.rpc('confirm_count_session', { p_session_id: session, p_version: (review as { version: string }).version }).throwOnError()
    const { data: counted } = await owner.client.from('stock_movements').select('reason').eq('source', 'photo_count').throwOnError()
    expect(counted.length).toBeGreaterThan(0)
    await expectInStep()
  })

  it('stays exact under 20 taps on one product at once', async () => {
    const buns = await addProduct(owner, { name: 'Buns', sku: 'BUNS', qty: 40 })
    await Promise.all(Array.from({ length: 20 }, (_, i) => tap(buns, i % 4 === 0 ? 3 : -1, i % 4 === 0 ? 'received' : 'sold')))
    await expectInStep()
    expect((await maintained(owner.shopId)).find((d) => d.product_id === buns)).toMatchObject({ sold: 15, end_qty: 40 })
  })

  it('puts rows written with an earlier time on their own local day, the last one (by time, then id) deciding the stock', async () => {
    const tea = await addProduct(owner, { name: 'Tea', sku: 'TEA', qty: 0 })
    const lateYesterday = await localTime(1, '23:59:59.999')
    await insertMovement(stack, owner, tea, { at: lateYesterday, delta: 5, reason: 'received', qtyAfter: 5 })
    await insertMovement(stack, owner, tea, { at: await localTime(0, '00:00'), delta: -1, reason: 'sold', qtyAfter: 4 })
    await insertMovement(stack, owner, tea, { at: await localTime(40, '12:00'), delta: -3, reason: 'gone', qtyAfter: 2 })
    // two rows at one moment, as one transaction writes them
    const noon = await localTime(3, '12:00')
    await insertMovement(stack, owner, tea, { at: noon, delta: -1, reason: 'sold', qtyAfter: 11 })
    await insertMovement(stack, owner, tea, { at: noon, delta: -1, reason: 'sold', qtyAfter: 22 })
    await expectInStep()
    const teaDays = (await maintained(owner.shopId)).filter((d) => d.product_id === tea)
    expect(teaDays.map((d) => d.sold)).toEqual([3, 2, 0, 1])
  })

  it('forgets deleted rows and deleted products', async () => {
    const { rows } = await stack.db.query<{ id: string; product_id: string }>(
      `select id, product_id from stock_movements where shop_id = $1 and reason = 'gone' and source = 'manual'`,
      [owner.shopId],
    )
    expect(rows).toHaveLength(1)
    await stack.db.query('delete from stock_movements where id = $1', [rows[0]!.id])
    await stack.db.query(`update stock_movements set delta = -4 where shop_id = $1 and reason = 'sold' and qty_after = 22`, [owner.shopId])
    const { data: eggs } = await owner.client.from('products').select('id').eq('sku', 'EGGS').single().throwOnError()
    await owner.client.from('products').delete().eq('id', eggs.id).throwOnError()
    await expectInStep()
    expect((await maintained(owner.shopId)).some((d) => d.product_id === eggs.id)).toBe(false)
  })

  it('moves every day to the new time zone when the shop changes it', async () => {
    const before = await maintained(owner.shopId)
    await owner.client.from('shops').update({ timezone: 'Asia/Kolkata' }).eq('id', owner.shopId).throwOnError()
    await expectInStep()
    // 23:59 in New York is the next morning in Kolkata
    expect(await maintained(owner.shopId)).not.toEqual(before)
  })

  it("holds the demo shop's two months of history as the ledger gives it", async () => {
    const demo = await signUpUser(stack)
    const { rows } = await stack.db.query<{ id: string }>('select public.seed_demo_shop($1) as id', [demo.id])
    await expectInStep(rows[0]!.id)
  })
})
