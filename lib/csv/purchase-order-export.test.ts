import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { purchaseOrderCsv } from './purchase-order-export'

const order = {
  number: 'PO-0007',
  supplier: 'Dairy Direct',
  status: 'Sent',
  created: '2026-11-20 09:15',
  currency: 'GBP',
  lines: [
    { name: 'Whole Milk 1L', sku: 'MILK-1', packs: 2, pack_size: 12, qty: 24, received: 10, unit_cost: 0.4 },
    { name: '=HYPERLINK("x")', sku: null, packs: 1, pack_size: 1, qty: 1, received: 0, unit_cost: null },
  ],
}

describe('purchaseOrderCsv', () => {
  it('writes RFC 4180 records after a BOM, money in minor units, formulas neutralised, and a total', () => {
    const csv = purchaseOrderCsv(order)
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: false }).data.filter((row) => row.length > 1)
    expect(rows).toEqual([
      ['Purchase order', 'PO-0007', 'Dairy Direct', 'Sent', '2026-11-20 09:15', 'GBP', '', ''],
      ['', '', '', '', '', '', '', ''],
      ['Product', 'SKU', 'Packs', 'Units per pack', 'Units', 'Received', 'Unit cost', 'Line cost'],
      ['Whole Milk 1L', 'MILK-1', '2', '12', '24', '10', '0.40', '9.60'],
      [`'=HYPERLINK("x")`, '', '1', '1', '1', '0', '', ''],
      ['Total', '', '', '', '25', '10', '', '9.60'],
    ])
  })

  it('writes yen without decimals', () => {
    const csv = purchaseOrderCsv({ ...order, currency: 'JPY', lines: [{ ...order.lines[0]!, unit_cost: 120 }] })
    expect(csv).toContain('Whole Milk 1L,MILK-1,2,12,24,10,120,2880\r\n')
  })
})
