import { describe, expect, it } from 'vitest'
import { planImport, type CatalogueProduct } from './import-plan'
import { parseProductCsv } from './product-import'

const tea: CatalogueProduct = {
  id: 'p-tea', name: 'Tea', sku: 'T1', barcode: '0501', qty: 5, low_stock_threshold: 2,
  target_qty: 10, unit_cost: 0.4, unit_price: 1.5,
}
const milk: CatalogueProduct = { ...tea, id: 'p-milk', name: 'Milk', sku: null, barcode: '0777', unit_cost: null, unit_price: 1 }

function plan(text: string, currency = 'GBP') {
  const parsed = parseProductCsv(text)
  if (!parsed.ok) throw new Error(parsed.message)
  return planImport(parsed, [tea, milk], currency)
}

describe('planImport', () => {
  it('shows an update as old → new, keeps what blank cells leave, and sends only the changes with what they replace', () => {
    const result = plan('name,sku,barcode,qty,low_stock_threshold,target_qty,unit_cost,unit_price\nGreen tea,T1,,8,,10,,1.6\n')
    expect(result.rows).toEqual([
      {
        line: 2, productId: 'p-tea', name: 'Tea', sku: 'T1',
        changes: [
          { column: 'name', old: 'Tea', new: 'Green tea' },
          { column: 'qty', old: '5', new: '8' },
          { column: 'unit_price', old: '1.50', new: '1.60' },
        ],
        kept: [
          { column: 'barcode', value: '0501' },
          { column: 'low_stock_threshold', value: '2' },
          { column: 'unit_cost', value: '0.40' },
        ],
      },
    ])
    expect(result.payload).toEqual([
      { id: 'p-tea', name: 'Green tea', qty: 8, unit_price: '1.6', was: { name: 'Tea', qty: 5, unit_price: 1.5 } },
    ])
    expect(result).toMatchObject({ unchanged: 0, issues: [], totalRows: 1 })
  })

  it('counts a row that matches the catalogue as unchanged: 0.4 is 0.40, blanks are kept', () => {
    const result = plan('name,sku,barcode,unit_cost,unit_price\nTea,T1,0501,0.40,1.5\nMilk,,0777,,1.00\n')
    expect(result).toMatchObject({ rows: [], payload: [], unchanged: 2, issues: [] })
  })

  it('matches a row without a SKU by its barcode', () => {
    const result = plan('name,sku,barcode,qty\n,,0777,9\n')
    expect(result.payload).toEqual([{ id: 'p-milk', qty: 9, was: { qty: 5 } }])
    expect(result.rows[0]).toMatchObject({ productId: 'p-milk', name: 'Milk', sku: null, kept: [{ column: 'name', value: 'Milk' }] })
  })

  it('shows a new product with every value it gives, money in minor units (none for yen)', () => {
    const result = plan('name,sku,qty,unit_price\nRice,R1,3,120\n', 'JPY')
    expect(result.rows).toEqual([
      {
        line: 2, productId: null, name: 'Rice', sku: 'R1', kept: [],
        changes: [
          { column: 'name', old: null, new: 'Rice' },
          { column: 'sku', old: null, new: 'R1' },
          { column: 'qty', old: null, new: '3' },
          { column: 'unit_price', old: null, new: '120' },
        ],
      },
    ])
    expect(result.payload).toEqual([{ name: 'Rice', sku: 'R1', qty: 3, unit_price: '120', was: null }])
  })

  it('leaves out, with line and column, a barcode another product has, a new product without a name, an unknown barcode without a SKU', () => {
    const result = plan('name,sku,barcode\nA,A1,0501\n,N1,\nB,,0999\nTea,T1,\n')
    expect(result.issues).toEqual([
      { line: 2, column: 'barcode', message: 'barcode "0501" already belongs to another product (Tea)' },
      { line: 3, column: 'name', message: 'name is required for a new product' },
      { line: 4, column: 'sku', message: 'sku is required: no product has this barcode yet' },
    ])
    expect(result.unchanged).toBe(1)
    expect(result.payload).toEqual([])
  })
})
