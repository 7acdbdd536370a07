import { describe, expect, it } from 'vitest'
import { orderText } from './order-text'

const order = {
  label: 'PO-0007',
  shopName: 'Corner Cafe',
  date: '28 Nov 2026',
  notes: null,
  currency: 'GBP',
  lines: [
    { name: 'Eggs 6', sku: null, packs: 2, pack_size: 1, qty: 2, unit_cost: null },
    { name: 'Oat Milk 1L', sku: 'OAT-1', packs: 3, pack_size: 6, qty: 18, unit_cost: 0.35 },
  ],
}

describe('orderText', () => {
  it('lists each line with its packs, units and cost, and the total, saying which lines have no cost', () => {
    expect(orderText(order)).toBe(
      [
        'Purchase order PO-0007 from Corner Cafe',
        'Date: 28 Nov 2026',
        '',
        '- Eggs 6: 2 units',
        '- Oat Milk 1L (OAT-1): 3 × 6 (18 units) at £0.35',
        '',
        'Total: 20 units, £6.30 (1 line without a cost not included)',
      ].join('\n'),
    )
  })

  it('carries the notes, and gives no money total when no line has a cost', () => {
    const text = orderText({ ...order, notes: 'Deliver before 9am', lines: [order.lines[0]!] })
    expect(text).toContain('Date: 28 Nov 2026\nNotes: Deliver before 9am\n')
    expect(text.endsWith('Total: 2 units')).toBe(true)
  })
})
