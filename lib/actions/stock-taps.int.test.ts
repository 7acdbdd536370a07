// The counter's "Sold 1" and +1 against a real stack: taps joined into one
// change, booked once per request id, and undone by a movement of its own.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { outboxStore } from '@/lib/offline/outbox-store'
import { StockTaps, type BookResult } from '@/lib/products/stock-taps'
import { OTHER_USER_MESSAGE } from './action-state'
import type { Stack } from '@/supabase/local/stack'
import { bookStockTaps, undoStockTaps } from './adjust-stock'

let stack: Stack
let owner: Owner
let rival: Owner

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'Counter Shop')
  rival = await ownerWithShop(stack, 'Rival Shop')
})
afterAll(async () => stack?.stop())
beforeEach(async () => signInAs(owner))

const taps = (productId: string, fields: Record<string, string> = {}) =>
  formData({ product_id: productId, kind: 'sold', count: '3', request_id: randomUUID(), ...fields })

async function ledger(productId: string) {
  const { rows } = await stack.db.query<{ id: string; delta: number; qty_after: number; reason: string; note: string | null; request_id: string | null }>(
    `select id, delta, qty_after, reason, note, request_id from stock_movements
      where product_id = $1 and reason <> 'initial' order by created_at, id`,
    [productId],
  )
  return rows
}

async function qty(productId: string) {
  const { rows } = await stack.db.query<{ qty: number }>('select qty from products where id = $1', [productId])
  return rows[0]?.qty
}

describe('bookStockTaps', () => {
  it('books three taps as one sale of −3 with one request id, and says what is stored', async () => {
    const id = await addProduct(owner, { qty: 10 })
    const form = taps(id)
    expect(await bookStockTaps(idle, form)).toEqual({ ok: true, message: 'Stock is now 7', qty: 7 })
    const rows = await ledger(id)
    expect(rows.map(({ delta, qty_after, reason, request_id }) => ({ delta, qty_after, reason, request_id }))).toEqual([
      { delta: -3, qty_after: 7, reason: 'sold', request_id: form.get('request_id') },
    ])
    expect(await qty(id)).toBe(7)
  })

  it('books a replayed request once', async () => {
    const id = await addProduct(owner, { qty: 10 })
    const form = taps(id)
    const answers = await Promise.all([bookStockTaps(idle, form), bookStockTaps(idle, form)])
    expect(answers.map((answer) => answer.ok)).toEqual([true, true])
    expect(await bookStockTaps(idle, form)).toMatchObject({ ok: true, qty: 7 })
    expect(await ledger(id)).toHaveLength(1)
    expect(await qty(id)).toBe(7)
  })

  it('books receipts as received', async () => {
    const id = await addProduct(owner, { qty: 1 })
    expect(await bookStockTaps(idle, taps(id, { kind: 'received', count: '2' }))).toMatchObject({ ok: true, qty: 3 })
    expect((await ledger(id)).map(({ delta, reason }) => [delta, reason])).toEqual([[2, 'received']])
  })

  it('refuses to sell more than is in stock and writes nothing', async () => {
    const id = await addProduct(owner, { qty: 2 })
    expect(await bookStockTaps(idle, taps(id))).toEqual({ ok: false, message: 'Not enough stock: only 2 in stock', qty: 2 })
    expect(await ledger(id)).toEqual([])
  })

  it.each([
    [{ count: '0' }, 'Taps must be a whole number from 1 to 1000'],
    [{ count: '1.5' }, 'Taps must be a whole number from 1 to 1000'],
    [{ count: '1001' }, 'Taps must be a whole number from 1 to 1000'],
    [{ count: 'many' }, 'Taps must be a whole number from 1 to 1000'],
    [{ kind: 'stolen' }, 'Choose sold or received'],
    [{ request_id: 'again' }, 'Invalid request: reload the page and try again'],
    [{ product_id: 'x' }, 'Product not found'],
  ])('refuses %o with a message and writes nothing', async (fields, message) => {
    const id = await addProduct(owner, { qty: 5 })
    expect(await bookStockTaps(idle, taps(id, fields))).toMatchObject({ ok: false, message })
    expect(await ledger(id)).toEqual([])
  })

  it("cannot touch another shop's product, nor book when signed out", async () => {
    const theirs = await addProduct(rival, { qty: 5 })
    expect(await bookStockTaps(idle, taps(theirs))).toEqual({ ok: false, message: 'Product not found', qty: undefined })
    signOutEveryone()
    expect(await bookStockTaps(idle, taps(theirs))).toEqual({ ok: false, message: 'No user found' })
    expect(await qty(theirs)).toBe(5)
  })
})

describe('changes kept on a device for one user', () => {
  it('are not booked while someone else is signed in, and are booked once for their own user', async () => {
    const id = await addProduct(owner, { qty: 5 })
    const form = taps(id, { count: '1', user_id: owner.id })
    await signInAs(rival)
    expect(await bookStockTaps(idle, form)).toEqual({ ok: false, message: OTHER_USER_MESSAGE })
    await signInAs(owner)
    expect(await bookStockTaps(idle, form)).toMatchObject({ ok: true, qty: 4 })
    expect(await bookStockTaps(idle, form)).toMatchObject({ ok: true, qty: 4 })
    expect(await ledger(id)).toHaveLength(1)
  })

  it('a user id that is not one is refused with a message, and books nothing', async () => {
    const id = await addProduct(owner, { qty: 5 })
    const answer = await bookStockTaps(idle, taps(id, { count: '1', user_id: 'someone' }))
    expect(answer.ok).toBe(false)
    expect(answer.message).toBeTruthy()
    expect(await ledger(id)).toHaveLength(0)
  })
})

describe('undoStockTaps', () => {
  it('books the reverse, once however often it is asked, and an undo cannot be undone', async () => {
    const id = await addProduct(owner, { qty: 10 })
    const form = taps(id)
    await bookStockTaps(idle, form)
    const undo = formData({ product_id: id, request_id: form.get('request_id') as string })
    expect(await undoStockTaps(idle, undo)).toEqual({ ok: true, message: 'Stock is now 10', qty: 10 })
    expect(await undoStockTaps(idle, undo)).toMatchObject({ ok: true, qty: 10 })
    const [, reversal, ...rest] = await ledger(id)
    expect(rest).toEqual([])
    expect(reversal).toMatchObject({ delta: 3, qty_after: 10, reason: 'sold', note: 'Undone' })
    const again = await owner.client.rpc('undo_stock_change', { p_product_id: id, p_request_id: reversal!.request_id })
    expect(again.error?.message).toBe('There is no change to undo')
    expect(await ledger(id)).toHaveLength(2)
    expect(await qty(id)).toBe(10)
  })

  it('has nothing to undo for an unknown request, nor for another shop', async () => {
    const id = await addProduct(owner, { qty: 4 })
    expect(await undoStockTaps(idle, formData({ product_id: id, request_id: randomUUID() }))).toEqual({ ok: false, message: 'There is no change to undo' })
    const theirs = await addProduct(rival, { qty: 5 })
    await signInAs(rival)
    const form = taps(theirs)
    await bookStockTaps(idle, form)
    await signInAs(owner)
    expect(await undoStockTaps(idle, formData({ product_id: theirs, request_id: form.get('request_id') as string }))).toEqual({
      ok: false,
      message: 'Product not found',
    })
    expect(await qty(theirs)).toBe(2)
  })
})

describe('taps at the counter, booked through the real action', () => {
  it('three quick taps make one −3; the shown number is what is stored', async () => {
    const id = await addProduct(owner, { qty: 9 })
    const counter = new StockTaps({
      userId: owner.id,
      store: outboxStore(owner.id),
      quietMs: 50,
      newId: randomUUID,
      book: async (batch): Promise<BookResult> => {
        const state = await bookStockTaps(idle, formData({ product_id: batch.productId, kind: batch.kind, count: String(batch.count), request_id: batch.requestId }))
        return 'qty' in state && typeof state.qty === 'number' ? { ok: true, qty: state.qty } : { ok: false, message: state.message ?? '' }
      },
    })
    const settled = new Promise<void>((done) => counter.subscribe(() => !counter.getSnapshot().busy && done()))
    for (let i = 0; i < 3; i++) counter.tap(id, 'Product', 'sold')
    expect(counter.getSnapshot().pending.get(id)).toBe(-3)
    await settled
    expect((await ledger(id)).map(({ delta }) => delta)).toEqual([-3])
    expect(counter.getSnapshot().stored.get(id)).toBe(await qty(id))
    expect(await qty(id)).toBe(6)
  })
})
