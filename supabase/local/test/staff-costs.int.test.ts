// Costs through the raw REST API, each member with their own token: staff read the catalogue
// but no cost, margin or supplier price (not by a column, not by `select=*`, not through any
// function); owners and managers read costs through product_costs, of their own shops only.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { rawRest } from './rest-helpers.ts'
import { serviceClient, signUpUser, startTestStack, testClient, type TestUser } from './stack-fixture.ts'

// Figures no other number in the shop has, so any answer that carries one of them leaks it
// (as a number of its own: not the digits inside a timestamp's seconds).
const COST = 7.31
const SUPPLIER_COST = 6.17
const ORDER_COST = 5.93
const LEAKS = /(?<![\d.])(7\.31|6\.17|5\.93)(?!\d)|unit_cost|cogs|margin|value/

let stack: Stack
let service: SupabaseClient
let owner: TestUser
let manager: TestUser
let staff: TestUser
let otherOwner: TestUser
let shopId: string
let otherShopId: string
let productId: string
let otherProductId: string
let supplierId: string

const inShop = (user: TestUser, shop: string) => testClient(stack, PUBLISHABLE_KEY, { headers: { Authorization: `Bearer ${user.accessToken}`, 'x-shop-id': shop } })
const rest = (user: TestUser | null, path: string, init: RequestInit = {}) =>
  rawRest(stack, path, { ...init, headers: { ...(user ? { authorization: `Bearer ${user.accessToken}` } : {}), 'content-type': 'application/json', ...init.headers } })
/** An RPC as `user`, in `shop` when named (x-shop-id, as the app sends it: a member of two shops works in one at a time). */
const rpc = (user: TestUser, fn: string, args: Record<string, unknown> = {}, shop?: string) =>
  rest(user, `/rpc/${fn}`, { method: 'POST', body: JSON.stringify(args), headers: shop ? { 'x-shop-id': shop } : {} })

async function newShop(user: TestUser, name: string, cost: number) {
  const { data: shop } = await user.client.from('shops').insert({ name, timezone: 'Europe/London' }).select('id').single().throwOnError()
  const { data: product } = await user.client
    .from('products')
    .insert({ shop_id: shop.id, name: `${name} Milk`, sku: 'MILK', qty: 20, unit_cost: cost, unit_price: 1.2 })
    .select('id')
    .single()
    .throwOnError()
  return { shopId: shop.id as string, productId: product.id as string }
}

beforeAll(async () => {
  stack = await startTestStack()
  service = serviceClient(stack)
  ;[owner, manager, staff, otherOwner] = await Promise.all([signUpUser(stack), signUpUser(stack), signUpUser(stack), signUpUser(stack)])
  ;({ shopId, productId } = await newShop(owner, 'Costed', COST))
  ;({ shopId: otherShopId, productId: otherProductId } = await newShop(otherOwner, 'Elsewhere', 3.33))
  await service
    .from('shop_members')
    .insert([
      { shop_id: shopId, user_id: manager.id, role: 'manager' },
      { shop_id: shopId, user_id: staff.id, role: 'staff' },
      // the manager of the first shop is staff in the second
      { shop_id: otherShopId, user_id: manager.id, role: 'staff' },
    ])
    .throwOnError()
  const { data: supplier } = await owner.client.from('suppliers').insert({ shop_id: shopId, name: 'Dairy Co' }).select('id').single().throwOnError()
  supplierId = supplier.id
  await owner.client.rpc('link_product_supplier', { p_product_id: productId, p_supplier_id: supplierId, p_pack_size: 6, p_unit_cost: SUPPLIER_COST }).throwOnError()
  await owner.client.rpc('create_purchase_order', { p_supplier_id: supplierId, p_lines: [{ product_id: productId, packs: 1, unit_cost: ORDER_COST }] }).throwOnError()
  // a day of trade: a sale, so the reports have costs to show
  await staff.client.rpc('adjust_stock', { p_product_id: productId, p_delta: -2, p_reason: 'sold', p_note: null, p_source: 'manual', p_request_id: randomUUID() }).throwOnError()
})
afterAll(async () => stack?.stop())

describe('staff read no costs through the REST API', () => {
  it('refuses the cost column and select=*, and serves every other column', async () => {
    const cost = await rest(staff, '/products?select=unit_cost')
    expect(cost.status).toBe(403)
    expect(cost.body).toMatchObject({ code: '42501' })
    const all = await rest(staff, '/products?select=*')
    expect(all.status).toBe(403)
    expect(JSON.stringify(all.body)).not.toMatch(/7\.31/)
    const filtered = await rest(staff, `/products?select=id&unit_cost=gt.0`)
    expect(filtered.status).toBe(403)
    const columns = await rest(staff, '/products?select=id,name,sku,qty,unit_price,low_stock_threshold,target_qty,category')
    expect(columns.status).toBe(200)
    expect(columns.body).toEqual([expect.objectContaining({ id: productId, name: 'Costed Milk', qty: 18, unit_price: 1.2 })])
  })

  it('shows staff no row of product_costs, and owners and managers their shop’s', async () => {
    expect((await rest(staff, '/product_costs?select=*')).body).toEqual([])
    expect((await rest(staff, `/product_costs?select=unit_cost&product_id=eq.${productId}`)).body).toEqual([])
    const mine = [{ product_id: productId, shop_id: shopId, unit_cost: COST }]
    expect((await rest(owner, '/product_costs?select=*')).body).toEqual(mine)
    expect((await rest(manager, '/product_costs?select=*')).body).toEqual(mine)
    // the anon key reads nothing at all
    expect((await rawRest(stack, '/product_costs?select=*')).status).toBe(401)
    // nor can anyone write through it
    const write = await rest(owner, `/product_costs?product_id=eq.${productId}`, { method: 'PATCH', body: JSON.stringify({ unit_cost: 0 }) })
    expect(write.status).toBeGreaterThanOrEqual(400)
    expect(write.status).toBeLessThan(500)
  })

  it('leaves supplier prices, purchase orders and their costs to owners and managers', async () => {
    expect((await rest(staff, '/product_suppliers?select=*')).body).toEqual([])
    expect((await rest(staff, '/purchase_orders?select=*')).body).toEqual([])
    expect((await rest(staff, '/purchase_order_lines?select=*')).body).toEqual([])
    expect((await rest(manager, '/product_suppliers?select=unit_cost')).body).toEqual([{ unit_cost: SUPPLIER_COST }])
    expect((await rest(manager, '/purchase_order_lines?select=unit_cost')).body).toEqual([{ unit_cost: ORDER_COST }])
  })

  it('answers staff no cost, margin or report from any function', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['catalogue', {}],
      ['dashboard', {}],
      ['dashboard_summary', {}],
      ['dashboard_day_report', {}],
      ['shop_report', { p_range: '30d' }],
      ['shop_report_of', { p_shop_id: shopId, p_range: '30d' }],
      ['report_figures', { p_shop_id: shopId, p_start: '2020-01-01T00:00:00Z', p_end: '2100-01-01T00:00:00Z' }],
      ['reorder_inputs', {}],
      ['reorder_inputs_of', { p_shop_id: shopId }],
      ['units_on_order', {}],
      ['product_code_twins', { p_product_id: productId }],
      ['link_product_supplier', { p_product_id: productId, p_supplier_id: supplierId, p_unit_cost: 1 }],
      ['create_purchase_order', { p_supplier_id: supplierId, p_lines: [{ product_id: productId, packs: 1 }] }],
      ['adjust_stock', { p_product_id: productId, p_delta: 1, p_reason: 'received', p_note: null, p_source: 'manual', p_request_id: randomUUID() }],
    ]
    for (const [fn, args] of calls) {
      const res = await rpc(staff, fn, args)
      expect(res.status, fn).toBeLessThan(500)
      expect(JSON.stringify(res.body), fn).not.toMatch(LEAKS)
    }
    // the catalogue itself still answers, with its products
    const { body: catalogue } = await rpc(staff, 'catalogue')
    expect(JSON.stringify(catalogue)).toContain(productId)
    for (const fn of ['shop_report_of', 'report_figures'] as const) {
      const [, args] = calls.find(([name]) => name === fn)!
      expect((await rpc(staff, fn, args)).body, fn).toBeNull()
    }
    expect((await rpc(staff, 'reorder_inputs_of', { p_shop_id: shopId })).body).toMatchObject({ days: null, products: [] })
  })

  it('grants nothing on the cost column to the role every member signs in with', async () => {
    const { rows } = await stack.db.query<{ cost: boolean; price: boolean; table: boolean }>(
      `select has_column_privilege('authenticated', 'public.products', 'unit_cost', 'select') as cost,
              has_column_privilege('authenticated', 'public.products', 'unit_price', 'select') as price,
              has_table_privilege('authenticated', 'public.products', 'select') as table`,
    )
    expect(rows[0]).toEqual({ cost: false, price: true, table: false })
  })
})

describe('owners and managers read costs of their own shops only', () => {
  it('answers owners and managers their reports with costs', async () => {
    const { data: product } = await service.from('products').select('qty').eq('id', productId).single().throwOnError()
    for (const member of [owner, manager]) {
      const { body: figures } = await rpc(member, 'report_figures', { p_shop_id: shopId, p_start: '2020-01-01T00:00:00Z', p_end: '2100-01-01T00:00:00Z' })
      expect(figures).toMatchObject({ sold: 2, cogs: 2 * COST, uncosted_products: 0 })
      const { body: reorder } = await rpc(member, 'reorder_inputs', {}, shopId)
      expect(reorder).toMatchObject({ products: [{ product_id: productId, unit_cost: COST, supplier_unit_cost: SUPPLIER_COST }] })
      const { body: summary } = (await rpc(member, 'dashboard_summary', {}, shopId)) as { body: { stock: { costed_products: number; value: number } } }
      expect(summary.stock.costed_products).toBe(1)
      expect(summary.stock.value).toBeCloseTo(product.qty * COST, 2)
    }
    const { data: report } = await service.rpc('shop_report_of', { p_shop_id: shopId, p_range: '30d' }).throwOnError()
    expect(report.stock.costed_products).toBe(1)
    expect(report.stock.value_end).toBeCloseTo(product.qty * COST, 2)
  })

  it('shows a manager of one shop no cost of a shop where they are staff; a request naming that shop works there alone', async () => {
    // naming their own shop, or none (as Realtime checks a change): that shop's costs, never the other's
    for (const client of [manager.client, inShop(manager, shopId)]) {
      const { data } = await client.from('product_costs').select('product_id').throwOnError()
      expect(data).toEqual([{ product_id: productId }])
      const { data: named } = await client.from('product_costs').select('unit_cost').eq('shop_id', otherShopId).throwOnError()
      expect(named).toEqual([])
    }
    // naming the shop where they are staff: no cost at all, not even of the shop they manage
    expect((await inShop(manager, otherShopId).from('product_costs').select('product_id').throwOnError()).data).toEqual([])
    // staff there: the catalogue of the named shop, without its costs or its reports
    expect((await inShop(manager, otherShopId).rpc('catalogue').throwOnError()).data.shop.id).toBe(otherShopId)
    expect((await inShop(manager, otherShopId).rpc('reorder_inputs').throwOnError()).data).toMatchObject({ products: [] })
    expect((await inShop(manager, otherShopId).rpc('shop_report', { p_range: '30d' })).data).toBeNull()
    expect((await manager.client.rpc('shop_report_of', { p_shop_id: otherShopId, p_range: '30d' })).data).toBeNull()
    expect(JSON.stringify((await manager.client.rpc('reorder_inputs_of', { p_shop_id: otherShopId })).data)).not.toContain(otherProductId)
  })

  it('shows an owner no cost of another owner’s shop', async () => {
    expect((await rest(otherOwner, '/product_costs?select=*')).body).toEqual([{ product_id: otherProductId, shop_id: otherShopId, unit_cost: 3.33 }])
    expect((await rest(otherOwner, `/product_costs?select=*&product_id=eq.${productId}`)).body).toEqual([])
    expect((await rpc(otherOwner, 'report_figures', { p_shop_id: shopId, p_start: '2020-01-01T00:00:00Z', p_end: '2100-01-01T00:00:00Z' })).body).toBeNull()
  })

  it('shows a member their costs no more once they are staff', async () => {
    await service.from('shop_members').update({ role: 'staff' }).eq('shop_id', shopId).eq('user_id', manager.id).throwOnError()
    expect((await rest(manager, '/product_costs?select=*')).body).toEqual([])
    await service.from('shop_members').update({ role: 'manager' }).eq('shop_id', shopId).eq('user_id', manager.id).throwOnError()
    expect((await rest(manager, '/product_costs?select=product_id')).body).toEqual([{ product_id: productId }])
  })
})
