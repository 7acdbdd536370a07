import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { ShopReport } from '@/lib/reports/report'
import { shopReportCsv, shopReportFileName } from './shop-report'

const report: ShopReport = {
  range: '7d',
  today: '2026-11-23',
  shop_name: '=HYPERLINK("x")',
  currency: 'GBP',
  timezone: 'Europe/London',
  from: '2026-11-17',
  to: '2026-11-23',
  start: '2026-11-17T00:00:00+00:00',
  end: '2026-11-24T00:00:00+00:00',
  generated_at: '2026-11-23 18:00:00',
  figures: {
    sold: 6,
    sales: 3,
    gone: 0,
    received: 6,
    movements: 4,
    sales_value: 16,
    unpriced_products: 0,
    cogs: 4.4,
    uncosted_products: 1,
    margin_sales_value: 10,
    gross_margin: 5.6,
    shrinkage_units: 2,
    shrinkage_value: 0.5,
    shrinkage_uncosted_products: 0,
  },
  stock: { products: 2, costed_products: 1, units_start: 0, units_end: 28, value_start: 0, value_end: 24.2 },
  daily: [['2026-11-23', 6, 16, 24.2]],
  weekly_shrinkage: [['2026-11-23', 2, 0.5]],
  top_sellers: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Tea, loose', sku: '-TEA', units: 4, sales_value: 10 }],
  slow_movers: { total: 3, products: [{ id: '00000000-0000-4000-8000-000000000002', name: 'Vase', sku: null, qty: 1, value: null, last_sold_at: null }] },
  shrinkage_products: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Tea, loose', sku: '-TEA', units: 2, value: 0.5, stocktakes: 1 }],
  stocktakes: [{ id: '00000000-0000-4000-8000-000000000003', date: '2026-11-23', ended_at: '2026-11-23T17:00:00+00:00', units: 2, value: 0.5, products: 1 }],
}

describe('shopReportCsv', () => {
  const csv = shopReportCsv(report)
  const records = Papa.parse<string[]>(csv.slice(1).trimEnd(), { newline: '\r\n' }).data

  it('is one RFC 4180 file with a BOM, CRLF records and every record 5 cells wide', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/\n/)
    expect(new Set(records.map((r) => r.length))).toEqual(new Set([5]))
  })

  it('writes money in minor units and neutralises formulas', () => {
    expect(records[0]).toEqual(['ShelfSnap report', `'=HYPERLINK("x")`, '2026-11-17 to 2026-11-23', 'Europe/London', 'Generated 2026-11-23 18:00:00'])
    const figure = (label: string) => records.find((r) => r[0] === label)!.slice(1, 3)
    expect(figure('Sales value')).toEqual(['16.00', ''])
    expect(figure('Cost of goods sold')).toEqual(['4.40', '1 product without a cost is left out'])
    expect(figure('Stock value at end')).toEqual(['24.20', '1 product without a cost is left out'])
    expect(records).toContainEqual(['Tea, loose', "'-TEA", '4', '10.00', ''])
    expect(records).toContainEqual(['2026-11-23', '6', '16.00', '24.20', ''])
  })

  it('says when a table was cut short, and names the file by its days', () => {
    expect(records).toContainEqual(['Only the first 1 of 3 slow movers are listed', '', '', '', ''])
    expect(records).toContainEqual(['Vase', '', '1', '', 'never'])
    expect(shopReportFileName('2026-11-17', '2026-11-23')).toBe('shelfsnap-report-2026-11-17-to-2026-11-23.csv')
    expect(shopReportFileName('2026-11-23', '2026-11-23')).toBe('shelfsnap-report-2026-11-23.csv')
  })
})
