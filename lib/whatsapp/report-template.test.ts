import { describe, expect, it } from 'vitest'
import { sevenDayReport } from '@/test/support/shop-report-fixture'
import { reportTemplateParams } from './report-template'

const url = 'https://app.example/reports?range=custom&from=2026-11-17&to=2026-11-23'

describe('reportTemplateParams', () => {
  it("fills the daily_report template's body with the report's figures as /reports formats them", () => {
    const lowStock = [
      { name: 'Jam', qty: 1, onOrder: 0, orderQty: 11 },
      { name: 'Milk', qty: 0, onOrder: 0, orderQty: 0 },
    ]
    expect(reportTemplateParams({ report: { ...sevenDayReport, shop_name: 'Corner Shop' }, lowStock, reportUrl: url })).toEqual([
      'Corner Shop',
      '17 Nov – 23 Nov 2026',
      '6',
      '£16.00',
      '2',
      'Jam (1, order 11), Milk (0)',
      url,
    ])
  })

  it('names five low products and counts the rest, or says nothing is low', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ name: `P${i + 1}`, qty: i, onOrder: 0, orderQty: 0 }))
    expect(reportTemplateParams({ report: sevenDayReport, lowStock: many, reportUrl: url })[5]).toBe('P1 (0), P2 (1), P3 (2), P4 (3), P5 (4) and 3 more')
    expect(reportTemplateParams({ report: sevenDayReport, lowStock: [], reportUrl: url })[5]).toBe('nothing')
  })

  it('says what is already on order beside what to order', () => {
    const lowStock = [
      { name: 'Jam', qty: 1, onOrder: 24, orderQty: 0 },
      { name: 'Tea', qty: 2, onOrder: 6, orderQty: 12 },
    ]
    expect(reportTemplateParams({ report: sevenDayReport, lowStock, reportUrl: url })[5]).toBe('Jam (1, 24 on order), Tea (2, 6 on order, order 12 more)')
  })
})
