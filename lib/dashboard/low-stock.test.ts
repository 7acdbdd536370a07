import { describe, expect, it } from 'vitest'
import { suggestReorder } from '@/lib/reorder/suggest'
import { salesStatsOf } from '@/test/support/selling-days'
import { DASHBOARD_LOW_STOCK, lowStockAlerts, type StockRow } from './low-stock'

const row = (name: string, qty: number, lowStockThreshold: number, dailySales: number[], targetQty: number | null = null, onOrder = 0): StockRow => ({
  id: `00000000-0000-4000-8000-00000000000${name.length}`,
  name,
  sku: null,
  qty,
  lowStockThreshold,
  targetQty,
  onOrder,
  suggestion: suggestReorder({ qty, onOrder, lowStockThreshold, targetQty, sales: salesStatsOf(dailySales), leadTimeDays: 5, packSize: 1 }),
})

describe('lowStockAlerts', () => {
  const steady = Array<number>(28).fill(4) // 4 a day, no spread: reorder point 4 × 5 = 20

  it('alerts a product that sells at its reorder point, above its low-stock level', () => {
    const { low, items } = lowStockAlerts([row('Milk', 20, 3, steady), row('Bread', 21, 3, steady)])
    expect(low).toBe(1)
    expect(items).toEqual([
      {
        id: expect.any(String),
        name: 'Milk',
        sku: null,
        qty: 20,
        low_stock_threshold: 3,
        optimal: 48, // reorder point 20 + a week of sales 28
        optimal_is_target: false,
        reorder_point: 20,
        on_order: 0,
      },
    ])
  })

  it('keeps a product low on the shelf among the alerts when it is on order, and says how many units are coming', () => {
    const { low, items } = lowStockAlerts([row('Milk', 20, 3, steady, null, 36), row('Jam', 1, 2, [], null, 4)])
    expect(low).toBe(2)
    expect(items.map(({ name, qty, on_order }) => [name, qty, on_order])).toEqual([
      ['Jam', 1, 4],
      ['Milk', 20, 36],
    ])
  })

  it('gives a product that sells the level the reorder page orders up to as optimal: its target where that covers the reorder point', () => {
    const { items } = lowStockAlerts([row('Cola', 10, 3, steady, 60), row('Crisps', 10, 3, steady, 12)])
    expect(items.map(({ name, optimal, optimal_is_target }) => [name, optimal, optimal_is_target])).toEqual([
      ['Cola', 60, true], // 10 of 60 left: emptier than 10 of 48
      ['Crisps', 48, false], // a target of 12 is below the reorder point of 20
    ])
  })

  it('falls back to the low-stock level without sales, and to a set target for optimal', () => {
    const { items } = lowStockAlerts([row('Vase', 2, 2, []), row('Jam', 3, 2, []), row('Tea', 1, 2, [], 10)])
    expect(items.map(({ name, optimal, optimal_is_target, reorder_point }) => [name, optimal, optimal_is_target, reorder_point])).toEqual([
      ['Tea', 10, true, null],
      ['Vase', 4, false, null],
    ])
  })

  it('lists the emptiest first, 50 for a report and 10 for the dashboard, counting them all', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ ...row('P', i % 3, 2, []), id: `id-${String(i).padStart(2, '0')}`, name: `P${i}` }))
    const listed = lowStockAlerts(rows)
    expect(listed.low).toBe(60)
    expect(listed.items).toHaveLength(50)
    expect(listed.items.slice(0, 20).every((item) => item.qty === 0)).toBe(true)
    const dashboard = lowStockAlerts(rows, DASHBOARD_LOW_STOCK)
    expect(dashboard.low).toBe(60)
    expect(dashboard.items).toEqual(listed.items.slice(0, 10))
  })
})
