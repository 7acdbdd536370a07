// Suppliers and purchase orders: drafts only from the owner's own catalogue,
// the order's life (draft, sent, partly received, received, cancelled), and
// receipts that reach the ledger exactly once, however often they are sent.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '../stack.ts'
import { signUpUser, startTestStack, type TestUser } from './stack-fixture.ts'

interface Shop {
  owner: TestUser
  shopId: string
  supplierId: string
}
interface Line {
  id: string
  product_id: string
  qty: number
  received: number
  pack_size: number
  unit_cost: string | number | null
}

let stack: Stack
let shop: Shop
let other: Shop

async function openShop(name: string): Promise<Shop> {
  const owner = await signUpUser(stack)
  const { data } = await owner.client.from('shops').insert({ name }).select('id').single().throwOnError()
  const { data: supplier } = await owner.client
    .from('suppliers')
    .insert({ shop_id: data.id, name: 'Dairy Direct', email: 'orders@dairy.example', lead_time_days: 3 })
    .select('id')
    .single()
    .throwOnError()
  return { owner, shopId: data.id as string, supplierId: supplier.id as string }
}

async function newProduct({ owner, shopId }: Shop, sku: string, qty = 0, unitCost: number | null = null): Promise<string> {
  const { data } = await owner.client
    .from('products')
    .insert({ shop_id: shopId, name: `Product ${sku}`, sku, qty, unit_cost: unitCost })
    .select('id')
    .single()
    .throwOnError()
  return data.id as string
}

async function draft(lines: Record<string, unknown>[], options: { requestId?: string; on?: Shop } = {}) {
  const on = options.on ?? shop
  const { data } = await on.owner.client
    .rpc('create_purchase_order', { p_supplier_id: on.supplierId, p_lines: lines, p_request_id: options.requestId ?? null })
    .single<{ id: string; number: number; status: string }>()
    .throwOnError()
  return data
}

async function linesOf(orderId: string): Promise<Line[]> {
  const { data } = await shop.owner.client
    .from('purchase_order_lines')
    .select('id, product_id, qty, received, pack_size, unit_cost')
    .eq('purchase_order_id', orderId)
    .throwOnError()
  return data as Line[]
}

/** The product's quantity, its ledger's sum, and its receipts. */
async function stock(productId: string) {
  const { rows } = await stack.db.query<{ qty: number; total: string; receipts: string }>(
    `select p.qty, coalesce((select sum(delta) from stock_movements m where m.product_id = p.id), 0) as total,
            (select count(*) from stock_movements m where m.product_id = p.id and m.source = 'purchase_order') as receipts
       from products p where p.id = $1`,
    [productId],
  )
  const row = rows[0]!
  return { qty: row.qty, ledger: Number(row.total), receipts: Number(row.receipts) }
}

const send = (orderId: string) => shop.owner.client.rpc('set_purchase_order_status', { p_purchase_order_id: orderId, p_status: 'sent' }).throwOnError()

const receive = (orderId: string, lines: { line_id: string; units: number; received_before: number }[], allowOver = false) =>
  shop.owner.client.rpc('receive_purchase_order', { p_purchase_order_id: orderId, p_lines: lines, p_allow_over: allowOver })

beforeAll(async () => {
  stack = await startTestStack()
  shop = await openShop('Order Shop')
  other = await openShop('Other Shop')
})

afterAll(async () => {
  await stack?.stop()
})

describe('purchase orders', () => {
  it('numbers drafts per shop and takes pack size and cost from the supplier link, then the product', async () => {
    const milk = await newProduct(shop, 'PO-MILK', 0, 0.4)
    const eggs = await newProduct(shop, 'PO-EGGS', 0, 1.2)
    await shop.owner.client
      .from('product_suppliers')
      .insert({ product_id: milk, supplier_id: shop.supplierId, shop_id: shop.shopId, pack_size: 12, unit_cost: 0.35, preferred: true })
      .throwOnError()
    const first = await draft([{ product_id: milk, packs: 2 }, { product_id: eggs, packs: 3 }])
    const second = await draft([{ product_id: eggs, packs: 1, pack_size: 6, unit_cost: 1.1 }])
    const elsewhere = await draft([{ product_id: await newProduct(other, 'PO-X'), packs: 1 }], { on: other })
    expect([first.status, first.number, second.number, elsewhere.number]).toEqual(['draft', 1, 2, 1])
    const lines = (await linesOf(first.id)).sort((a, b) => a.qty - b.qty)
    expect(lines.map(({ product_id, qty, pack_size, unit_cost }) => ({ product_id, qty, pack_size, unit_cost: Number(unit_cost) }))).toEqual([
      { product_id: eggs, qty: 3, pack_size: 1, unit_cost: 1.2 },
      { product_id: milk, qty: 24, pack_size: 12, unit_cost: 0.35 },
    ])
    expect((await linesOf(second.id)).map((l) => [l.qty, Number(l.unit_cost)])).toEqual([[6, 1.1]])
  })

  it('makes one draft of a retried create', async () => {
    const product = await newProduct(shop, 'PO-RETRY')
    const requestId = randomUUID()
    const [a, b] = await Promise.all([draft([{ product_id: product, packs: 1 }], { requestId }), draft([{ product_id: product, packs: 1 }], { requestId })])
    expect(a.id).toBe(b.id)
  })

  it('receives part of a line, then the rest, into the ledger, and moves the order from sent to received', async () => {
    const product = await newProduct(shop, 'PO-PART', 4)
    const order = await draft([{ product_id: product, packs: 2, pack_size: 6 }])
    await send(order.id)
    const [line] = await linesOf(order.id)
    const part = await receive(order.id, [{ line_id: line!.id, units: 5, received_before: 0 }])
    expect(part.data).toEqual({ status: 'partly_received', lines: [{ line_id: line!.id, received: 5, applied: true }] })
    expect(await stock(product)).toEqual({ qty: 9, ledger: 9, receipts: 1 })
    const rest = await receive(order.id, [{ line_id: line!.id, units: 7, received_before: 5 }])
    expect(rest.data).toMatchObject({ status: 'received' })
    expect(await stock(product)).toEqual({ qty: 16, ledger: 16, receipts: 2 })
    const { data: movements } = await shop.owner.client
      .from('stock_movements')
      .select('delta, reason, source, note')
      .eq('product_id', product)
      .eq('source', 'purchase_order')
      .order('created_at')
      .throwOnError()
    expect(movements).toEqual([
      { delta: 5, reason: 'received', source: 'purchase_order', note: `PO-${String(order.number).padStart(4, '0')}` },
      { delta: 7, reason: 'received', source: 'purchase_order', note: `PO-${String(order.number).padStart(4, '0')}` },
    ])
  })

  it('adds stock once for a double submit and for two devices receiving the same line at once', async () => {
    const product = await newProduct(shop, 'PO-TWICE')
    const order = await draft([{ product_id: product, packs: 10 }])
    await send(order.id)
    const [line] = await linesOf(order.id)
    const same = { line_id: line!.id, units: 4, received_before: 0 }
    const results = await Promise.all([receive(order.id, [same]), receive(order.id, [same]), receive(order.id, [same])])
    expect(results.map((r) => r.error)).toEqual([null, null, null])
    expect(results.map((r) => (r.data as { lines: { applied: boolean }[] }).lines[0]!.applied).sort()).toEqual([false, false, true])
    expect(await stock(product)).toEqual({ qty: 4, ledger: 4, receipts: 1 })
    expect((await linesOf(order.id))[0]!.received).toBe(4)
  })

  it('asks before receiving more than was ordered, and then receives it', async () => {
    const product = await newProduct(shop, 'PO-OVER')
    const order = await draft([{ product_id: product, packs: 2 }])
    await send(order.id)
    const [line] = await linesOf(order.id)
    const over = [{ line_id: line!.id, units: 3, received_before: 0 }]
    const refused = await receive(order.id, over)
    expect(refused.error).toMatchObject({ code: '22023', hint: 'over_receive', message: 'Product PO-OVER: 3 arrived, but 2 were ordered. Confirm to receive more than ordered.' })
    expect(await stock(product)).toEqual({ qty: 0, ledger: 0, receipts: 0 })
    const confirmed = await receive(order.id, over, true)
    expect(confirmed.data).toMatchObject({ status: 'received' })
    expect(await stock(product)).toEqual({ qty: 3, ledger: 3, receipts: 1 })
  })

  it('says how much of the line is still to come when part has arrived, or that all of it has', async () => {
    const [first, second] = [await newProduct(shop, 'PO-THIRD'), await newProduct(shop, 'PO-SECOND')]
    const order = await draft([
      { product_id: first, packs: 3 },
      { product_id: second, packs: 1 },
    ])
    await send(order.id)
    const lines = await linesOf(order.id)
    const line = (product: string) => lines.find((l) => l.product_id === product)!.id
    await receive(order.id, [{ line_id: line(first), units: 2, received_before: 0 }])
    const part = await receive(order.id, [{ line_id: line(first), units: 4, received_before: 2 }])
    expect(part.error?.message).toBe('Product PO-THIRD: 4 arrived, but only 1 of the 3 ordered is still to come. Confirm to receive more than ordered.')
    await receive(order.id, [{ line_id: line(first), units: 1, received_before: 2 }])
    const done = await receive(order.id, [{ line_id: line(first), units: 1, received_before: 3 }])
    expect(done.error?.message).toBe('Product PO-THIRD: 1 arrived, but all 3 ordered have been received. Confirm to receive more than ordered.')
    expect(await stock(first)).toEqual({ qty: 3, ledger: 3, receipts: 2 })
  })

  it('refuses bad input with a clear message and writes nothing', async () => {
    const product = await newProduct(shop, 'PO-BAD')
    const foreign = await newProduct(other, 'PO-FOREIGN')
    const { client } = shop.owner
    const create = (lines: unknown) => client.rpc('create_purchase_order', { p_supplier_id: shop.supplierId, p_lines: lines })
    const cases: [PromiseLike<{ error: { message: string } | null }>, string][] = [
      [create([{ product_id: product, packs: 0 }]), 'Quantities must be one or more, and costs zero or more'],
      [create([{ product_id: product, packs: -3 }]), 'Quantities must be one or more, and costs zero or more'],
      [create([]), 'A purchase order needs at least one line'],
      [create([{ product_id: foreign, packs: 1 }]), 'A product on this order is not in your catalogue'],
      [create([{ product_id: product, packs: 1 }, { product_id: product, packs: 2 }]), 'A product appears more than once on the order'],
      [client.rpc('create_purchase_order', { p_supplier_id: other.supplierId, p_lines: [{ product_id: product, packs: 1 }] }), 'Supplier not found'],
    ]
    const ordersBefore = await stack.db.query('select count(*) from purchase_orders')
    for (const [call, message] of cases) expect((await call).error?.message).toBe(message)
    expect(await stack.db.query('select count(*) from purchase_orders')).toEqual(ordersBefore)

    const order = await draft([{ product_id: product, packs: 5 }])
    const [line] = await linesOf(order.id)
    expect((await receive(order.id, [{ line_id: line!.id, units: 0, received_before: 0 }])).error?.message).toBe('Receive one unit or more')
    expect((await receive(order.id, [{ line_id: line!.id, units: -2, received_before: 0 }])).error?.message).toBe('Receive one unit or more')
    const planted = await client.from('purchase_order_lines').insert({ purchase_order_id: order.id, shop_id: shop.shopId, product_id: foreign, packs: 1 })
    expect(planted.error?.code).toBe('23503')
    await client.rpc('set_purchase_order_status', { p_purchase_order_id: order.id, p_status: 'cancelled' }).throwOnError()
    const onCancelled = await receive(order.id, [{ line_id: line!.id, units: 1, received_before: 0 }])
    expect(onCancelled.error?.message).toBe('This purchase order is cancelled: nothing can be received on it')
    const reopen = await client.rpc('set_purchase_order_status', { p_purchase_order_id: order.id, p_status: 'sent' })
    expect(reopen.error?.message).toBe('A cancelled purchase order cannot be marked sent')
    expect(await stock(product)).toEqual({ qty: 0, ledger: 0, receipts: 0 })

    const badEmail = await client.from('suppliers').insert({ shop_id: shop.shopId, name: 'Bad Mail Ltd', email: 'not-an-email' })
    expect(badEmail.error?.code).toBe('23514')
    const elsewhere = await client.from('suppliers').insert({ shop_id: other.shopId, name: 'Planted Ltd' })
    expect(elsewhere.error?.code).toBe('42501')
  })

  it('receives only on a sent order: a draft and a received order refuse, and a retry of the last receipt is still answered', async () => {
    const product = await newProduct(shop, 'PO-SENT-ONLY')
    const order = await draft([{ product_id: product, packs: 3 }])
    const [line] = await linesOf(order.id)
    const all = [{ line_id: line!.id, units: 3, received_before: 0 }]
    const onDraft = await receive(order.id, all)
    expect(onDraft.error).toMatchObject({ code: '22023', message: 'This purchase order is still a draft: mark it sent before receiving stock on it' })
    expect(await stock(product)).toEqual({ qty: 0, ledger: 0, receipts: 0 })

    await send(order.id)
    expect((await receive(order.id, all)).data).toMatchObject({ status: 'received' })
    // the same receipt again (a double tap, a retry on poor Wi-Fi): answered, not applied
    expect((await receive(order.id, all)).data).toEqual({ status: 'received', lines: [{ line_id: line!.id, received: 3, applied: false }] })
    const more = await receive(order.id, [{ line_id: line!.id, units: 1, received_before: 3 }], true)
    expect(more.error).toMatchObject({ code: '22023', message: 'This purchase order is received in full: nothing more can be received on it' })
    expect(await stock(product)).toEqual({ qty: 3, ledger: 3, receipts: 1 })
  })

  it('keeps a draft editable and a sent order fixed', async () => {
    const product = await newProduct(shop, 'PO-EDIT')
    const order = await draft([{ product_id: product, packs: 1 }])
    const [line] = await linesOf(order.id)
    await shop.owner.client.from('purchase_order_lines').update({ packs: 4 }).eq('id', line!.id).throwOnError()
    expect((await linesOf(order.id))[0]!.qty).toBe(4)
    await shop.owner.client.rpc('set_purchase_order_status', { p_purchase_order_id: order.id, p_status: 'sent' }).throwOnError()
    const { data } = await shop.owner.client.from('purchase_order_lines').update({ packs: 9 }).eq('id', line!.id).select()
    expect(data).toEqual([])
    expect((await linesOf(order.id))[0]!.qty).toBe(4)
  })
  it('changes a draft’s packs and takes a line off in one call; refuses the last line, bad packs, another order’s line and a sent order', async () => {
    const [milk, bread] = [await newProduct(shop, 'PO-DRAFT-1'), await newProduct(shop, 'PO-DRAFT-2')]
    const order = await draft([{ product_id: milk, packs: 1 }, { product_id: bread, packs: 2 }])
    const lines = await linesOf(order.id)
    const lineOf = (product: string) => lines.find((line) => line.product_id === product)!.id
    const update = (p_lines: unknown, id = order.id) => shop.owner.client.rpc('update_purchase_order_draft', { p_purchase_order_id: id, p_lines })
    const before = await linesOf(order.id)
    const other = await draft([{ product_id: milk, packs: 1 }])
    for (const bad of [
      [{ id: lineOf(milk), packs: -1 }],
      [{ id: lineOf(milk), packs: 2.5 }],
      [{ id: lineOf(milk), packs: '3' }],
      [{ id: lineOf(milk), packs: 100_001 }],
      [{ id: (await linesOf(other.id))[0]!.id, packs: 5 }],
      { id: lineOf(milk), packs: 5 },
      [{ id: lineOf(milk), packs: 0 }, { id: lineOf(bread), packs: 0 }],
    ]) {
      const { error } = await update(bad)
      expect(error, JSON.stringify(bad)).toMatchObject({ code: '22023' })
    }
    expect(await linesOf(order.id)).toEqual(before)

    const { data: changed } = await update([{ id: lineOf(milk), packs: 3 }, { id: lineOf(bread), packs: 0 }]).throwOnError()
    expect(changed).toBe(2)
    expect((await linesOf(order.id)).map(({ product_id, qty }) => ({ product_id, qty }))).toEqual([{ product_id: milk, qty: 3 }])

    await shop.owner.client.rpc('set_purchase_order_status', { p_purchase_order_id: order.id, p_status: 'sent' }).throwOnError()
    const { error } = await update([{ id: lineOf(milk), packs: 9 }])
    expect(error).toMatchObject({ code: '22023', message: 'This purchase order has been sent: its lines can no longer be changed' })
    expect((await linesOf(order.id))[0]!.qty).toBe(3)
  })
})
