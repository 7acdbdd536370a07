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
    expect(text.startsWith('\uFEFFDaily stock report,New Shop,2026-03-29,Europe/London,Generated 2026-03-29 09:15:00,,,,,,,,\r\n')).toBe(true)
    const rows = records(text.slice(1))
    expect(rows.map((fields) => fields.length)).toEqual(rows.map(() => PRODUCT_COLUMNS.length))
    expect(rows[3]).toEqual(['All products', '', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0 low'])
    expect(rows).toHaveLength(6)
  })

  it('labels reasons and sources, never calls "gone" sold, and says when movements were left out', () => {
    const text = dayReportCsv({
      ...empty,
      products: [
        {
          id: 'p1',
          name: 'Milk',
          sku: null,
          opening: 5,
          opened: 0,
          received: 0,
          returned: 0,
          sold: 1,
          gone: 2,
          missing: 0,
          written_off: 0,
          corrected: 0,
          closing: 2,
          low: true,
        },
      ],
      movements_total: 3,
      movements: [
        { time: '2026-03-29 08:00:00', name: 'Milk', sku: null, reason: 'sold', delta: -1, qty_after: 4, source: 'manual', note: null },
        { time: '2026-03-29 18:00:00', name: 'Milk', sku: null, reason: 'gone', delta: -2, qty_after: 2, source: 'photo_count', note: 'Photo stocktake' },
      ],
    })
    const rows = records(text.slice(1))
    expect(rows[3]).toEqual(['Milk', '', '5', '0', '0', '0', '1', '2', '0', '0', '0', '2', 'yes'])
    expect(rows[4]).toEqual(['All products', '', '5', '0', '0', '0', '1', '2', '0', '0', '0', '2', '1 low'])
    expect(rows[7]!.slice(3, 7)).toEqual(['Sold', '-1', '4', 'By hand'])
    expect(rows[8]!.slice(3, 8)).toEqual(['Sold or missing', '-2', '2', 'Photo count', 'Photo stocktake'])
    expect(rows[9]![0]).toBe('Only the first 2 of 3 movements are listed')
  })

  it('puts each kind of movement in its own column, in the words Reports uses', () => {
    const product = { id: 'p1', name: 'Tea', sku: 'TEA', opening: 0, opened: 10, received: 5, returned: 1, sold: 3, gone: 1, missing: 1, written_off: 1, corrected: -1, closing: 9, low: false }
    const rows = records(dayReportCsv({ ...empty, products: [product] }).slice(1))
    const row = Object.fromEntries(PRODUCT_COLUMNS.map((column, i) => [column, rows[3]![i]]))
    expect(row).toEqual({
      Product: 'Tea',
      SKU: 'TEA',
      'Opening qty': '0',
      'Opening stock of new product': '10',
      Received: '5',
      Returned: '1',
      Sold: '3',
      'Sold or missing (stocktake)': '1',
      'Missing (stocktake)': '1',
      'Damaged or lost': '1',
      'Count corrections': '-1',
      'Closing qty': '9',
      'Low stock': 'no',
    })
  })

  it("names the file with the shop's date", () => {
    expect(dayReportFileName('2026-03-29')).toBe('shelfsnap-day-by-product-2026-03-29.csv')
  })
})
