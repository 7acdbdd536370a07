import { describe, expect, it } from 'vitest'
import { orderView, ordersHref } from './order-views'

describe('orderView', () => {
  it('reads ?show=, and lists the open orders for anything it does not know', () => {
    expect(orderView('cancelled').statuses).toEqual(['cancelled'])
    expect(orderView(['received', 'all']).id).toBe('received')
    expect(orderView('all').statuses).toBeNull()
    for (const value of [undefined, '', 'OPEN', 'draft', '__proto__', 'toString']) expect(orderView(value).statuses).toEqual(['draft', 'sent', 'partly_received'])
  })
})

describe('ordersHref', () => {
  it('leaves the defaults out of the address', () => {
    expect(ordersHref('open')).toBe('/app/purchase-orders')
    expect(ordersHref('open', 2)).toBe('/app/purchase-orders?page=2')
    expect(ordersHref('cancelled', 3)).toBe('/app/purchase-orders?show=cancelled&page=3')
  })
})
