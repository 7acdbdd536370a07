import { describe, expect, it } from 'vitest'
import { salesStatsOf } from '@/test/support/selling-days'
import { suggestReorder, type ReorderInput } from './suggest'

// 3 a day on average, spread 1 (2, 4, 2, 4, ...)
const steady = Array.from({ length: 28 }, (_, day) => (day % 2 ? 4 : 2))
const base: ReorderInput = { qty: 10, onOrder: 4, lowStockThreshold: 6, targetQty: null, sales: salesStatsOf(steady), leadTimeDays: 5, packSize: 12 }

describe('suggestReorder', () => {
  it('orders up to the target in whole packs, from sales, lead time and safety stock, and says why', () => {
    // safety stock ⌈1.6434 × 1 × √5⌉ = 4; reorder point 3 × 5 + 4 = 19; target 19 + 3 × 7 = 40
    expect(suggestReorder(base)).toEqual({
      basis: 'sales',
      averageDaily: 3,
      spread: 1,
      safetyStock: 4,
      reorderPoint: 19,
      targetLevel: 40,
      needed: 26,
      packs: 3,
      orderQty: 36,
      reason: 'sells 3 a day, supplier takes 5 days, 4 on order: needs 26, so 3 packs of 12 (36)',
    })
  })

  it('has a spread of exactly 0 for steady sales, so no safety stock', () => {
    const flat = salesStatsOf(Array.from({ length: 28 }, () => 3))
    expect(suggestReorder({ ...base, sales: flat })).toMatchObject({ averageDaily: 3, spread: 0, safetyStock: 0, reorderPoint: 15 })
  })

  it('orders nothing while stock and what is on order stay above the reorder point', () => {
    expect(suggestReorder({ ...base, qty: 16 })).toMatchObject({ needed: 0, packs: 0, orderQty: 0, reason: 'sells 3 a day, supplier takes 5 days, 4 on order: nothing to order yet' })
  })

  it('keeps more safety stock for a higher service level, and the owner target when it is higher', () => {
    expect(suggestReorder({ ...base, serviceLevel: 0.99 }).safetyStock).toBe(6)
    expect(suggestReorder({ ...base, targetQty: 60 })).toMatchObject({ targetLevel: 60, needed: 46, packs: 4, orderQty: 48 })
  })

  it('counts single units without packs, and assumes a week for a product without a supplier', () => {
    expect(suggestReorder({ ...base, packSize: 1 }).reason).toBe('sells 3 a day, supplier takes 5 days, 4 on order: order 26')
    expect(suggestReorder({ ...base, leadTimeDays: null, packSize: 1 })).toMatchObject({
      reorderPoint: 21 + 5,
      reason: 'sells 3 a day, no supplier linked (7 days assumed), 4 on order: order 33',
    })
  })

  it('without sales falls back to the low-stock level and target, and says so', () => {
    const quiet = { ...base, sales: salesStatsOf(Array.from({ length: 28 }, () => 0)), qty: 2, targetQty: 24 }
    expect(suggestReorder(quiet)).toMatchObject({
      basis: 'levels',
      reorderPoint: 6,
      targetLevel: 24,
      needed: 18,
      packs: 2,
      orderQty: 24,
      reason: 'has no sales in the 28 selling days before today, so its low-stock level (6) and target (24) decide, 4 on order: needs 18, so 2 packs of 12 (24)',
    })
    // no target set: twice the low-stock level, in those words (it named a "target (12)" the owner never set)
    expect(suggestReorder({ ...quiet, sales: salesStatsOf([]), targetQty: null })).toMatchObject({
      targetLevel: 12,
      needed: 6,
      orderQty: 12,
      reason:
        'has no sales in the 28 selling days before today, so its low-stock level (6) decides, and with no target set it orders up to twice that (12), 4 on order: needs 6, so 1 pack of 12 (12)',
    })
    expect(suggestReorder({ ...quiet, qty: 3 })).toMatchObject({ needed: 0 })
  })
})
