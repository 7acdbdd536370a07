// The stock ledger's promise: products.qty changes only through adjust_stock /
// set_stock / import_products, and the movements always sum to the quantity.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '../stack.ts'
import { serviceClient, signUpUser, startTestStack, type TestUser } from './stack-fixture.ts'

let stack: Stack
let owner: TestUser
let shopId: string

async function newProduct(sku: string, qty: number): Promise<string> {
  const { data } = await owner.client
    .from('products')
    .insert({ shop_id: shopId, name: `Product ${sku}`, sku, qty })
    .select('id')
    .single()
    .throwOnError()
  return data.id as string
}

async function ledger(productId: string) {
  const { rows } = await stack.db.query<{ qty: number; total: string | null; moves: string }>(
    `select p.qty, (select sum(delta) from stock_movements m where m.product_id = p.id) as total,
            (select count(*) from stock_movements m where m.product_id = p.id) as moves
       from products p where p.id = $1`,
    [productId],
  )
  const row = rows[0]!
  return { qty: row.qty, total: Number(row.total ?? 0), moves: Number(row.moves) }
}

beforeAll(async () => {
  stack = await startTestStack()
  owner = await signUpUser(stack)
  const { data } = await owner.client.from('shops').insert({ name: 'Ledger Shop' }).select('id').single().throwOnError()
  shopId = data.id as string
})

afterAll(async () => {
  await stack?.stop()
})

describe('stock ledger', () => {
  it('opens a product created with stock with one initial movement', async () => {
    const id = await newProduct('INIT', 12)
    expect(await ledger(id)).toEqual({ qty: 12, total: 12, moves: 1 })
    const { data } = await owner.client.from('stock_movements').select('delta, qty_after, reason, source').eq('product_id', id)
    expect(data).toEqual([{ delta: 12, qty_after: 12, reason: 'initial', source: 'manual' }])
  })

  it('ends 50 concurrent adjustments on one product with the exact quantity and a ledger that sums to it', async () => {
    const id = await newProduct('RACE', 100)
    const deltas = Array.from({ length: 50 }, (_, i) => (i % 3 === 0 ? -2 : i % 3 === 1 ? 5 : -1))
    const results = await Promise.all(
      deltas.map((d) => owner.client.rpc('adjust_stock', { p_product_id: id, p_delta: d, p_reason: d > 0 ? 'received' : 'sold' })),
    )
    expect(results.filter((r) => r.error)).toEqual([])
    // A lost update would leave qty short of the sum of the recorded deltas.
    const expected = 100 + deltas.reduce((a, b) => a + b, 0)
    expect(await ledger(id)).toEqual({ qty: expected, total: expected, moves: 51 })
  })

  it('applies a retried request once', async () => {
    const id = await newProduct('RETRY', 10)
    const args = { p_product_id: id, p_delta: -3, p_reason: 'sold', p_request_id: randomUUID() }
    const [first, second] = await Promise.all([owner.client.rpc('adjust_stock', args), owner.client.rpc('adjust_stock', args)])
    expect(first.error).toBeNull()
    expect(second.error).toBeNull()
    expect((first.data as { id: string }).id).toBe((second.data as { id: string }).id)
    expect(await ledger(id)).toEqual({ qty: 7, total: 7, moves: 2 })
  })

  it('refuses to go below zero, and writes nothing', async () => {
    const id = await newProduct('NEG', 2)
    const { error } = await owner.client.rpc('adjust_stock', { p_product_id: id, p_delta: -3, p_reason: 'sold' })
    expect(error?.message).toBe('Not enough stock: only 2 in stock')
    expect(await ledger(id)).toEqual({ qty: 2, total: 2, moves: 1 })
  })

  it('refuses a reason that goes the other way (a sale that adds stock), and writes nothing', async () => {
    const id = await newProduct('WAY', 5)
    const cases: [string, Record<string, unknown>, string][] = [
      ['adjust_stock', { p_delta: 3, p_reason: 'sold' }, 'Choose a reason that adds stock'],
      ['adjust_stock', { p_delta: 1, p_reason: 'damaged' }, 'Choose a reason that adds stock'],
      ['adjust_stock', { p_delta: -2, p_reason: 'received' }, 'Choose a reason that takes stock away'],
      ['adjust_stock', { p_delta: -1, p_reason: 'returned' }, 'Choose a reason that takes stock away'],
      ['set_stock', { p_qty: 9, p_reason: 'lost' }, 'Choose a reason that adds stock'],
      ['set_stock', { p_qty: 1, p_reason: 'received' }, 'Choose a reason that takes stock away'],
    ]
    for (const [fn, args, message] of cases) {
      const { error } = await owner.client.rpc(fn, { p_product_id: id, ...args })
      expect({ fn, args, code: error?.code, message: error?.message }).toEqual({ fn, args, code: '22023', message })
    }
    expect(await ledger(id)).toEqual({ qty: 5, total: 5, moves: 1 })
    // either way for a count correction
    await owner.client.rpc('adjust_stock', { p_product_id: id, p_delta: 2, p_reason: 'count_correction' }).throwOnError()
    await owner.client.rpc('adjust_stock', { p_product_id: id, p_delta: -1, p_reason: 'count_correction' }).throwOnError()
    expect(await ledger(id)).toEqual({ qty: 6, total: 6, moves: 3 })
  })

  it('sets an absolute count as a correction, and does nothing when the count matches', async () => {
    const id = await newProduct('COUNT', 9)
    const { data } = await owner.client.rpc('set_stock', { p_product_id: id, p_qty: 4, p_source: 'photo_count' }).throwOnError()
    expect(data).toMatchObject({ delta: -5, qty_after: 4, reason: 'count_correction', source: 'photo_count' })
    const same = await owner.client.rpc('set_stock', { p_product_id: id, p_qty: 4 })
    expect(same.error).toBeNull()
    expect(await ledger(id)).toEqual({ qty: 4, total: 4, moves: 2 })
  })

  it('does not let anyone change qty around the ledger, not even the service role', async () => {
    const id = await newProduct('GUARD', 5)
    const direct = await owner.client.from('products').update({ qty: 50 }).eq('id', id)
    expect(direct.error?.code).toBe('42501')
    const service = await serviceClient(stack).from('products').update({ qty: 50 }).eq('id', id)
    expect(service.error?.message).toBe('Stock quantities change only through adjust_stock()')
    expect(await ledger(id)).toEqual({ qty: 5, total: 5, moves: 1 })
  })

  it('imports by SKU in one transaction and records the import in the ledger', async () => {
    const existing = await newProduct('IMP-1', 3)
    const { data } = await owner.client
      .rpc('import_products', {
        p_rows: [
          { sku: 'IMP-1', name: 'Imported One', qty: 8 },
          { sku: 'IMP-2', name: 'Imported Two', qty: 4, unit_cost: '1.25' },
        ],
        p_request_id: randomUUID(),
      })
      .throwOnError()
    expect(data).toEqual({ created: 1, updated: 1, adjusted: 1 })
    expect(await ledger(existing)).toEqual({ qty: 8, total: 8, moves: 2 })
    const { data: moves } = await owner.client
      .from('stock_movements')
      .select('delta, reason, source, products!inner(sku)')
      .eq('source', 'import')
      .order('delta')
    expect(moves).toEqual([
      { delta: 4, reason: 'initial', source: 'import', products: { sku: 'IMP-2' } },
      { delta: 5, reason: 'count_correction', source: 'import', products: { sku: 'IMP-1' } },
    ])
    const bad = await owner.client.rpc('import_products', {
      p_rows: [{ sku: 'IMP-3', name: 'Fine', qty: 1 }, { sku: 'IMP-4', name: 'Broken', qty: -1 }],
      p_request_id: randomUUID(),
    })
    expect(bad.error?.code).toBe('23514')
    const { rows } = await stack.db.query(`select sku from products where sku in ('IMP-3', 'IMP-4')`)
    expect(rows).toEqual([])
  })
})
