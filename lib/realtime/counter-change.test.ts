import { describe, expect, it } from 'vitest'
import { counterChange, type HeardChange } from './counter-change'

const product = { id: 'p1', shop_id: 's1', name: 'Cola Can', sku: 'COLA', qty: 5, category: null, unit_price: 1.2, updated_at: '2026-11-27T10:00:00Z' }
const heard = (fields: Partial<HeardChange>): HeardChange => ({ table: 'products', eventType: 'UPDATE', new: {}, old: {}, errors: null, ...fields })

describe('a change heard on the counter list', () => {
  it("takes a movement's stock as the product's number, with the request that made it", () => {
    const movement = { id: 'm1', shop_id: 's1', product_id: 'p1', delta: -1, qty_after: 4, reason: 'sold', request_id: 'r1' }
    expect(counterChange(heard({ table: 'stock_movements', eventType: 'INSERT', new: movement }))).toEqual({ kind: 'stock', productId: 'p1', qty: 4, requestId: 'r1' })
    expect(counterChange(heard({ table: 'stock_movements', eventType: 'INSERT', new: { ...movement, request_id: null } }))).toEqual({
      kind: 'stock',
      productId: 'p1',
      qty: 4,
      requestId: null,
    })
  })

  it('reads the page again for a movement it cannot read a number from, or one refused (Realtime errors)', () => {
    expect(counterChange(heard({ table: 'stock_movements', eventType: 'INSERT', new: { product_id: 'p1' } }))).toEqual({ kind: 'read' })
    expect(counterChange(heard({ table: 'stock_movements', eventType: 'INSERT', errors: ['Error 413: Payload Too Large'] }))).toEqual({ kind: 'read' })
  })

  it('needs nothing for a product whose stock alone changed: its movement says the number', () => {
    expect(counterChange(heard({ old: product, new: { ...product, qty: 4, updated_at: '2026-11-27T10:01:00Z' } }))).toBeNull()
  })

  it('reads the page again when a product is added, removed or changed otherwise, or its old row is not whole', () => {
    expect(counterChange(heard({ eventType: 'INSERT', new: product }))).toEqual({ kind: 'read' })
    expect(counterChange(heard({ eventType: 'DELETE', old: { id: 'p1' } }))).toEqual({ kind: 'read' })
    expect(counterChange(heard({ old: product, new: { ...product, name: 'Cola Can 330ml' } }))).toEqual({ kind: 'read' })
    expect(counterChange(heard({ old: product, new: { ...product, category: 'Drinks', qty: 4 } }))).toEqual({ kind: 'read' })
    expect(counterChange(heard({ old: { id: 'p1' }, new: { ...product, qty: 4 } }))).toEqual({ kind: 'read' })
  })
})
