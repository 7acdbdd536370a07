import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
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

  it('says when a table was cut short, and names the file by its days', () => {
    expect(records).toContainEqual(['Only the first 1 of 3 slow movers are listed', '', '', '', ''])
    expect(records).toContainEqual(['Vase', '', '1', '', 'never'])
    expect(shopReportFileName('2026-11-17', '2026-11-23')).toBe('shelfsnap-report-2026-11-17-to-2026-11-23.csv')
    expect(shopReportFileName('2026-11-23', '2026-11-23')).toBe('shelfsnap-report-2026-11-23.csv')
  })
})
