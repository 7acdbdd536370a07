import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, revalidatePath, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import type { Stack } from '@/supabase/local/stack'
import { changePurchaseOrderStatus, receiveStock } from './purchase-order-actions'
import { createDraftOrders, setServiceLevel } from './reorder-actions'

let stack: Stack
let owner: Owner
let rival: Owner
let milk: string
let dairy: string
let rivalProduct: string

const orders = async () => (await stack.db.query('select po.status, l.packs, l.qty, l.received from purchase_orders po join purchase_order_lines l on l.purchase_order_id = po.id order by po.number')).rows
const qty = async (id: string) => (await stack.db.query<{ qty: number }>('select qty from products where id = $1', [id])).rows[0]!.qty

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'Corner Shop')
  rival = await ownerWithShop(stack, 'Rival Shop')
  milk = await addProduct(owner, { name: 'Milk', sku: 'PO-MILK', qty: 2 })
  rivalProduct = await addProduct(rival, { name: 'Rival Milk', sku: 'PO-RIVAL' })
  const { data } = await owner.client.from('suppliers').insert({ shop_id: owner.shopId, name: 'Dairy Direct' }).select('id').single().throwOnError()
  dairy = data.id as string
  await owner.client.rpc('link_product_supplier', { p_product_id: milk, p_supplier_id: dairy, p_pack_size: 6 }).throwOnError()
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  revalidatePath.mockClear()
  await signInAs(owner)
})

describe('draft orders from the reorder page', () => {
  it('makes one draft per supplier, once however often the form is sent', async () => {
    const form = { request_id: randomUUID(), [`order:${milk}`]: `${dairy}:3` }
    const [first, again] = await Promise.all([createDraftOrders(idle, formData(form)), createDraftOrders(idle, formData(form))])
    expect(first).toEqual({ ok: true, message: '1 draft order made. Check it, then mark it sent: until then a draft counts as on order' })
    expect(again).toEqual({ ok: true, message: '1 draft order made. Check it, then mark it sent: until then a draft counts as on order' })
    expect(await orders()).toEqual([{ status: 'draft', packs: 3, qty: 18, received: 0 }])
  })

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await orders()
    const cases: [Record<string, string>, string][] = [
      [{ request_id: randomUUID() }, 'Tick at least one product to order'],
      [{ request_id: randomUUID(), [`order:${milk}`]: `${dairy}:0` }, 'A ticked product has no quantity to order: reload the page'],
      [{ [`order:${milk}`]: `${dairy}:1` }, 'Reload the page and try again'],
      [{ request_id: randomUUID(), [`order:${rivalProduct}`]: `${dairy}:1` }, 'A product on this order is not in your catalogue'],
    ]
    for (const [fields, message] of cases) expect((await createDraftOrders(idle, formData(fields))).message).toBe(message)
    expect((await setServiceLevel(idle, formData({ service_level: '2' }))).message).toBe('Pick how often stock should last until the delivery')
    expect(await orders()).toEqual(before)
  })
})

describe('the service level', () => {
  it('is saved for the shop, as picked', async () => {
    expect(await setServiceLevel(idle, formData({ service_level: '0.98' }))).toEqual({ ok: true })
    const { rows } = await stack.db.query('select reorder_service_level::text as level from shops where id = $1', [owner.shopId])
    expect(rows).toEqual([{ level: '0.980' }])
    expect(revalidatePath).toHaveBeenCalledWith('/app/reorder')
  })
})

describe('receiving stock', () => {
  async function order() {
    const { rows } = await stack.db.query<{ id: string; line: string; received: number }>(
      'select po.id, l.id as line, l.received from purchase_orders po join purchase_order_lines l on l.purchase_order_id = po.id order by po.number limit 1',
    )
    return rows[0]!
  }

  it('receives what the form says, and refuses bad numbers, a draft, another shop and a cancelled order', async () => {
    const { id, line } = await order()
    expect(await receiveStock(idle, formData({ id, [`receive:${line}`]: '4', [`before:${line}`]: '0' }))).toMatchObject({
      ok: false,
      message: 'This purchase order is still a draft: mark it sent before receiving stock on it',
    })
    expect(await qty(milk)).toBe(2)
    expect(await changePurchaseOrderStatus(idle, formData({ id, status: 'sent' }))).toMatchObject({ ok: true })
    expect(await receiveStock(idle, formData({ id, [`receive:${line}`]: '4', [`before:${line}`]: '0' }))).toEqual({ ok: true, message: '1 line received.' })
    expect(await qty(milk)).toBe(6)
    // the same form again: the line has moved on since the screen showed 0 received
    expect(await receiveStock(idle, formData({ id, [`receive:${line}`]: '4', [`before:${line}`]: '0' }))).toEqual({
      ok: true,
      message: '0 lines received. 1 line had already been received on another device or tab.',
    })
    expect(await qty(milk)).toBe(6)
    for (const units of ['0', '-1', 'abc', '1.5']) {
      expect(await receiveStock(idle, formData({ id, [`receive:${line}`]: units, [`before:${line}`]: '4' }))).toMatchObject({
        ok: false,
        message: 'Received quantities must be whole numbers of 1 or more',
      })
    }
    expect((await receiveStock(idle, formData({ id, [`receive:${line}`]: '' }))).message).toBe('Enter how many arrived')
    expect((await receiveStock(idle, formData({ id, [`receive:${line}`]: '30', [`before:${line}`]: '4' })))).toMatchObject({ ok: false, overReceive: true })
    expect(await qty(milk)).toBe(6)
    await signInAs(rival)
    expect((await receiveStock(idle, formData({ id, [`receive:${line}`]: '1', [`before:${line}`]: '4' }))).message).toBe('Purchase order not found')
    await signInAs(owner)
    expect(await changePurchaseOrderStatus(idle, formData({ id, status: 'cancelled' }))).toEqual({ ok: true, message: 'cancelled' })
    expect((await receiveStock(idle, formData({ id, [`receive:${line}`]: '1', [`before:${line}`]: '4' }))).message).toBe(
      'This purchase order is cancelled: nothing can be received on it',
    )
    expect((await changePurchaseOrderStatus(idle, formData({ id, status: 'received' }))).message).toBe('Pick sent or cancelled')
    expect(await qty(milk)).toBe(6)
  })
})

describe("the supplier's open draft", () => {
  const lines = async () =>
    (
      await stack.db.query(
        "select po.number, po.status, p.name, l.packs, l.qty from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id join products p on p.id = l.product_id where po.status <> 'cancelled' order by po.number, p.name",
      )
    ).rows

  it('takes the next suggestions instead of a second order, once per submit; once it is sent, a new draft starts', async () => {
    const eggs = await addProduct(owner, { name: 'Eggs', sku: 'PO-EGGS', qty: 0 })
    await owner.client.rpc('link_product_supplier', { p_product_id: eggs, p_supplier_id: dairy, p_pack_size: 12 }).throwOnError()
    expect(await createDraftOrders(idle, formData({ request_id: randomUUID(), [`order:${milk}`]: `${dairy}:3` }))).toMatchObject({
      message: '1 draft order made. Check it, then mark it sent: until then a draft counts as on order',
    })
    const form = { request_id: randomUUID(), [`order:${milk}`]: `${dairy}:2`, [`order:${eggs}`]: `${dairy}:1` }
    const [first, again] = await Promise.all([createDraftOrders(idle, formData(form)), createDraftOrders(idle, formData(form))])
    const added = { ok: true, message: 'Added to draft PO-0002. Check it, then mark it sent: until then a draft counts as on order' }
    expect(first).toEqual(added)
    expect(again).toEqual(added)
    expect(await createDraftOrders(idle, formData(form))).toEqual(added)
    expect(await lines()).toEqual([
      { number: 2, status: 'draft', name: 'Eggs', packs: 1, qty: 12 },
      { number: 2, status: 'draft', name: 'Milk', packs: 5, qty: 30 },
    ])

    const { rows } = await stack.db.query<{ id: string }>('select id from purchase_orders where number = 2')
    expect(await changePurchaseOrderStatus(idle, formData({ id: rows[0]!.id, status: 'sent' }))).toMatchObject({ ok: true })
    expect(await createDraftOrders(idle, formData({ request_id: randomUUID(), [`order:${eggs}`]: `${dairy}:1` }))).toMatchObject({
      message: '1 draft order made. Check it, then mark it sent: until then a draft counts as on order',
    })
    expect((await lines()).slice(2)).toEqual([{ number: 3, status: 'draft', name: 'Eggs', packs: 1, qty: 12 }])
  })

  it('refuses a line that would pass 100,000 packs, and adds nothing', async () => {
    expect(await createDraftOrders(idle, formData({ request_id: randomUUID(), [`order:${milk}`]: `${dairy}:99999` }))).toMatchObject({ ok: true })
    const before = await lines()
    expect(await createDraftOrders(idle, formData({ request_id: randomUUID(), [`order:${milk}`]: `${dairy}:2` }))).toEqual({
      ok: false,
      message: 'A line of an order holds at most 100,000 packs',
    })
    expect(await lines()).toEqual(before)
    expect(before).toContainEqual({ number: 3, status: 'draft', name: 'Milk', packs: 99999, qty: 599994 })
  })
})

describe("a delivery's cost", () => {
  it("becomes the product's cost once stock arrives on a line with one; a line without a cost changes nothing", async () => {
    const tea = await addProduct(owner, { name: 'Tea', sku: 'PO-TEA', qty: 0, unit_cost: 0.2 })
    const jam = await addProduct(owner, { name: 'Jam', sku: 'PO-JAM', qty: 0 })
    await owner.client.rpc('link_product_supplier', { p_product_id: tea, p_supplier_id: dairy, p_pack_size: 10, p_unit_cost: 0.25 }).throwOnError()
    await owner.client.rpc('link_product_supplier', { p_product_id: jam, p_supplier_id: dairy }).throwOnError()
    const { data: order } = await owner.client
      .rpc('create_purchase_order', { p_supplier_id: dairy, p_lines: [{ product_id: tea, packs: 2 }, { product_id: jam, packs: 1 }] })
      .single<{ id: string }>()
      .throwOnError()
    expect(await changePurchaseOrderStatus(idle, formData({ id: order.id, status: 'sent' }))).toMatchObject({ ok: true })
    const { rows: lines } = await stack.db.query<{ id: string; product_id: string }>('select id, product_id from purchase_order_lines where purchase_order_id = $1', [order.id])
    const line = (product: string) => lines.find((l) => l.product_id === product)!.id
    const costs = async () =>
      (await stack.db.query<{ name: string; unit_cost: string | null }>('select name, unit_cost::text from products where id = any($1) order by name', [[tea, jam]])).rows
    expect(await costs()).toEqual([{ name: 'Jam', unit_cost: null }, { name: 'Tea', unit_cost: '0.20' }])
    const form = { id: order.id, [`receive:${line(tea)}`]: '5', [`before:${line(tea)}`]: '0', [`receive:${line(jam)}`]: '1', [`before:${line(jam)}`]: '0' }
    expect(await receiveStock(idle, formData(form))).toMatchObject({ ok: true })
    expect(await costs()).toEqual([{ name: 'Jam', unit_cost: null }, { name: 'Tea', unit_cost: '0.25' }])
  })
})
