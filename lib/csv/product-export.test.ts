import { describe, expect, it } from 'vitest'
import { exportFileName, exportHeader, exportLine } from './product-export'

describe('product export', () => {
  it('starts with a BOM and the import columns', () => {
    expect(exportHeader()).toBe('\uFEFFname,sku,barcode,qty,low_stock_threshold,target_qty,unit_cost,unit_price\r\n')
  })

  const product = {
    name: '=HYPERLINK("http://evil","Tea")', sku: '@T1', barcode: null, qty: 3,
    low_stock_threshold: 1, target_qty: null, unit_cost: 0.5, unit_price: 120,
  }

  it('writes a product in column order, blanks for nulls, formulas neutralised, amounts in minor units', () => {
    expect(exportLine(product, 'GBP')).toBe(`"'=HYPERLINK(""http://evil"",""Tea"")",'@T1,,3,1,,0.50,120.00\r\n`)
  })

  it('writes yen without decimals, but keeps cents a yen amount holds', () => {
    expect(exportLine(product, 'JPY')).toBe(`"'=HYPERLINK(""http://evil"",""Tea"")",'@T1,,3,1,,0.50,120\r\n`)
  })

  it('dates the file name in the shop time zone', () => {
    const lateInLondon = new Date('2026-03-01T23:30:00Z')
    expect(exportFileName(lateInLondon, 'Europe/London')).toBe('shelfsnap-products-2026-03-01.csv')
    expect(exportFileName(lateInLondon, 'Asia/Kolkata')).toBe('shelfsnap-products-2026-03-02.csv')
  })
})
