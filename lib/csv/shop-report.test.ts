import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { formatDate } from '@/lib/format/date-time'
import { sevenDayReport as report } from '@/test/support/shop-report-fixture'
import { shopReportCsv, shopReportFileName } from './shop-report'

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

  it("writes the shop's own days, as the screen shows them: a sale's day and each stocktake's day and time", () => {
    // 23:30 UTC on 24 Oct is 00:30 on 25 Oct in London (summer time): the screen says 25 Oct 2026
    const soldLate = { ...report.slow_movers.products[0]!, last_sold_at: '2026-10-24T23:30:00+00:00' }
    const [morning] = report.stocktakes
    const twoOnOneDay = {
      ...report,
      timezone: 'Europe/London',
      slow_movers: { total: 1, products: [soldLate] },
      stocktakes: [
        { ...morning!, id: '00000000-0000-4000-8000-000000000004', ended_at: '2026-11-23T17:00:00+00:00' },
        { ...morning!, ended_at: '2026-11-23T09:15:00+00:00', value: null, uncosted_products: 1 },
      ],
    }
    const rows = Papa.parse<string[]>(shopReportCsv(twoOnOneDay).slice(1).trimEnd(), { newline: '\r\n' }).data
    expect(formatDate(soldLate.last_sold_at, 'Europe/London')).toBe('25 Oct 2026')
    expect(rows).toContainEqual(['Vase', '', '1', '', '2026-10-25'])
    const title = rows.findIndex((r) => r[0] === 'Shrinkage by stocktake')
    expect(rows.slice(title + 1, title + 4)).toEqual([
      ['Stocktake date', 'Time', 'Missing units', 'Value at cost', 'Products short'],
      ['2026-11-23', '17:00', '2', '0.50', '1'],
      ['2026-11-23', '09:15', '2', '', '1'],
    ])
    expect(rows.at(-1)?.[0]).toMatch(/^A blank value at cost: none of the products missing has a cost price/)
  })

  it('says when a table was cut short, and names the file by its days', () => {
    expect(records).toContainEqual(['Only the first 1 of 3 slow movers are listed', '', '', '', ''])
    expect(records).toContainEqual(['Vase', '', '1', '', 'never'])
    expect(shopReportFileName('2026-11-17', '2026-11-23')).toBe('shelfsnap-report-2026-11-17-to-2026-11-23.csv')
    expect(shopReportFileName('2026-11-23', '2026-11-23')).toBe('shelfsnap-report-2026-11-23.csv')
  })
})
