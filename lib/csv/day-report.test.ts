import { describe, expect, it } from 'vitest'
import type { DayReport } from '@/lib/dashboard/summary'
import { dayReportCsv, dayReportFileName, PRODUCT_COLUMNS } from './day-report'
import { csvFields } from '@/test/support/csv-fields'

const empty: DayReport = {
  shop_name: 'New Shop',
  timezone: 'Europe/London',
  date: '2026-03-29',
  generated_at: '2026-03-29 09:15:00',
  products: [],
  movements_total: 0,
  movements: [],
}

const records = csvFields

describe('dayReportCsv', () => {
  it('gives an empty shop the headers and zero totals, every record the same width', () => {
    const text = dayReportCsv(empty)
    expect(text.startsWith('\uFEFFDaily stock report,New Shop,2026-03-29,Europe/London,Generated 2026-03-29 09:15:00,,,,\r\n')).toBe(true)
    const rows = records(text.slice(1))
    expect(rows.map((fields) => fields.length)).toEqual(rows.map(() => PRODUCT_COLUMNS.length))
    expect(rows[3]).toEqual(['All products', '', '0', '0', '0', '0', '0', '0', '0 low'])
    expect(rows).toHaveLength(6)
  })

  it('labels reasons and sources, never calls "gone" sold, and says when movements were left out', () => {
    const text = dayReportCsv({
      ...empty,
      products: [{ name: 'Milk', sku: null, opening: 5, received: 0, sold: 1, gone: 2, other: 0, closing: 2, low: true }],
      movements_total: 3,
      movements: [
        { time: '2026-03-29 08:00:00', name: 'Milk', sku: null, reason: 'sold', delta: -1, qty_after: 4, source: 'manual', note: null },
        { time: '2026-03-29 18:00:00', name: 'Milk', sku: null, reason: 'gone', delta: -2, qty_after: 2, source: 'photo_count', note: 'Photo stocktake' },
      ],
    })
    const rows = records(text.slice(1))
    expect(rows[3]).toEqual(['Milk', '', '5', '0', '1', '2', '0', '2', 'yes'])
    expect(rows[4]).toEqual(['All products', '', '5', '0', '1', '2', '0', '2', '1 low'])
    expect(rows[7]!.slice(3, 7)).toEqual(['Sold', '-1', '4', 'By hand'])
    expect(rows[8]!.slice(3, 8)).toEqual(['Sold or missing', '-2', '2', 'Photo count', 'Photo stocktake'])
    expect(rows[9]![0]).toBe('Only the first 2 of 3 movements are listed')
  })

  it("names the file with the shop's date", () => {
    expect(dayReportFileName('2026-03-29')).toBe('shelfsnap-day-by-product-2026-03-29.csv')
  })
})
