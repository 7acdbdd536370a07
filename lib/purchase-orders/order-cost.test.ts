import { describe, expect, it } from 'vitest'
import { orderCost } from './order-cost'

describe('orderCost', () => {
  it('adds the priced lines, to the penny, and counts the lines without a cost', () => {
    expect(orderCost([{ qty: 3, unit_cost: 0.35 }, { qty: 24, unit_cost: 0.1 }])).toEqual({ total: 3.45, unpriced: 0 })
    expect(orderCost([{ qty: 6, unit_cost: null }, { qty: 2, unit_cost: 1.5 }])).toEqual({ total: 3, unpriced: 1 })
    expect(orderCost([])).toEqual({ total: 0, unpriced: 0 })
  })
})
