import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { adjustStock } from './adjust-stock'
import { addProduct, ownerWithShop, snapshot, type Owner } from '@/test/support/catalogue-test-data'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack
let owner: Owner
let rival: Owner
let rivalProduct: string

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  rival = await ownerWithShop(stack, 'Rival Shop')
  rivalProduct = await addProduct(rival, { name: 'Rival Tea', sku: 'RIVAL-1', qty: 10 })
})
afterAll(async () => stack?.stop())
beforeEach(async () => signInAs(owner))

const stockForm = (productId: string, fields: Record<string, string> = {}) =>
  formData({ product_id: productId, mode: 'remove', amount: '1', reason: 'sold', request_id: randomUUID(), ...fields })

async function qty(id: string) {
  const { rows } = await stack.db.query<{ qty: number }>('select qty from products where id = $1', [id])
  return rows[0]?.qty
}

describe('adjustStock', () => {
  it('records a removal, an addition and a count in the ledger, as the owner, by hand', async () => {
    const id = await addProduct(owner, { qty: 5 })
    expect(await adjustStock(idle, stockForm(id, { note: ' dropped ', reason: 'damaged' }))).toEqual({ ok: true, message: 'Stock is now 4', qty: 4 })
    expect((await adjustStock(idle, stockForm(id, { mode: 'add', amount: '10', reason: 'received' }))).message).toBe('Stock is now 14')
    expect((await adjustStock(idle, stockForm(id, { mode: 'count', amount: '9', reason: 'count_correction' }))).message).toBe('Stock is now 9')
    expect((await adjustStock(idle, stockForm(id, { mode: 'count', amount: '9', reason: 'count_correction' }))).message).toBe(
      'The count already matched: nothing changed',
    )
    const { rows } = await stack.db.query(
      `select delta, reason, note, source, created_by from stock_movements where product_id = $1 and reason <> 'initial' order by created_at, delta`,
      [id],
    )
    expect(rows).toEqual([
      { delta: -1, reason: 'damaged', note: 'dropped', source: 'manual', created_by: owner.id },
      { delta: 10, reason: 'received', note: null, source: 'manual', created_by: owner.id },
      { delta: -5, reason: 'count_correction', note: null, source: 'manual', created_by: owner.id },
    ])
  })

  it('applies a retried request once', async () => {
    const id = await addProduct(owner, { qty: 5 })
    const retry = stockForm(id)
    await Promise.all([adjustStock(idle, retry), adjustStock(idle, retry)])
    expect(await qty(id)).toBe(4)
  })

  it('refuses to go below zero and writes nothing', async () => {
    const id = await addProduct(owner, { qty: 2 })
    const before = await snapshot(stack)
    const state = await adjustStock(idle, stockForm(id, { amount: '3' }))
    expect(state).toEqual({ ok: false, message: 'Not enough stock: only 2 in stock', fieldErrors: { amount: ['Not enough stock: only 2 in stock'] } })
    expect(await snapshot(stack)).toEqual(before)
  })

  it.each([
    ["another shop's product", { product_id: 'RIVAL' }, 'Product not found'],
    ['a product id that is not a uuid', { product_id: '1 or 1=1' }, 'Product not found'],
    ['a negative amount', { amount: '-5' }, 'Amount must be a whole number 0 or more'],
    ['a fractional amount', { amount: '1.5' }, 'Amount must be a whole number 0 or more'],
    ['a huge amount', { mode: 'add', amount: '999999999' }, 'Amount must be at most 1,000,000'],
    ['a zero change', { amount: '0' }, 'Amount must be 1 or more'],
    ['the reserved reason initial', { reason: 'initial' }, 'Choose a reason'],
    ['a sale that adds stock', { mode: 'add', amount: '3', reason: 'sold' }, 'Choose a reason that adds stock'],
    ['a delivery that takes stock away', { mode: 'remove', reason: 'received' }, 'Choose a reason that takes stock away'],
    ['an unknown mode', { mode: 'drop table' }, 'Choose add, remove or set count'],
    ['a 501-character note', { note: 'n'.repeat(501) }, 'Note must be 500 characters or less'],
    ['a bad request id', { request_id: 'same-again' }, 'Invalid request: reload the page and try again'],
  ])('refuses %s and writes nothing', async (_, fields, message) => {
    const id = await addProduct(owner, { qty: 3 })
    const before = await snapshot(stack)
    const given: Record<string, string> = fields
    const input = { ...given, product_id: given.product_id === 'RIVAL' ? rivalProduct : (given.product_id ?? id) }
    const state = await adjustStock(idle, stockForm(id, input))
    expect(state.ok).toBe(false)
    expect(state.message).toBe(message)
    expect(await snapshot(stack)).toEqual(before)
  })
})
