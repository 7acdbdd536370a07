import { describe, expect, it } from 'vitest'
import { salesChart, shrinkageChart, stockValueChart } from './charts'
import type { ShopReport } from './report'

const base = {
  currency: 'GBP',
  daily: [
    ['2026-11-21', 12, 30, 100],
    ['2026-11-22', 3, 7.5, 92.5],
    ['2026-11-23', 0, 0, 110],
  ],
  stock: { products: 3, costed_products: 3, units_start: 40, units_end: 44, value_start: 120, value_end: 110 },
  weekly_shrinkage: [],
} as unknown as ShopReport

describe('report charts in words', () => {
  it('sums the sales and names the best day', () => {
    const chart = salesChart(base)
    expect(chart.summary).toBe('15 units sold in 3 days; the best day was Sat 21 Nov with 12.')
    expect(chart.points).toEqual([
      { label: '21 Nov', value: 12 },
      { label: '22 Nov', value: 3 },
      { label: '23 Nov', value: 0 },
    ])
    expect(chart.table.rows[1]).toEqual(['Sun 22 Nov', '3', '£7.50'])
    expect(salesChart({ ...base, daily: [['2026-11-23', 0, 0, 1]] }).summary).toBe('No sales recorded in 1 day.')
  })

  it('gives the stock value from start to end, and shrinkage or its absence', () => {
    expect(stockValueChart(base).summary).toBe('At cost, from £120.00 at the start to £110.00 at the end (down £10.00).')
    // none costed: no "from £0.00 to £0.00"
    expect(stockValueChart({ ...base, stock: { ...base.stock, costed_products: 0, value_start: 0, value_end: 0 } }).summary).toBe(
      'No product has a cost yet, so the stock has no value at cost: set costs to see it.',
    )
    expect(shrinkageChart(base).summary).toBe('No photo stocktake in this period found units missing.')
    expect(shrinkageChart({ ...base, weekly_shrinkage: [['2026-11-16', 3, 1.5], ['2026-11-23', 1, 0]] }).summary).toBe(
      '4 missing units over 2 weeks, £1.50 at cost.',
    )
  })

  it('shows a week whose missing units have no cost as "—", not £0.00, and says why', () => {
    const chart = shrinkageChart({ ...base, weekly_shrinkage: [['2026-11-16', 3, 1.5], ['2026-11-23', 2, null]] })
    expect(chart.table.rows).toEqual([
      ['Mon 16 Nov', '3', '£1.50'],
      ['Mon 23 Nov', '2', '—'],
    ])
    expect(chart.summary).toBe(
      '5 missing units over 2 weeks, £1.50 at cost. — means none of the products missing has a cost price, so their value is unknown: set a cost on the product to value it.',
    )
  })
})
