import { describe, expect, it } from 'vitest'
import { planImport, type CatalogueProduct } from './import-plan'
import { describeIssue } from './import-issue'
import { parseProductCsv } from './product-import'

const tea: CatalogueProduct = {
  id: 'p-tea', name: 'Tea', sku: 'T1', barcode: '0501', qty: 5, low_stock_threshold: 2,
  target_qty: 10, unit_cost: 0.4, unit_price: 1.5,
}
const milk: CatalogueProduct = { ...tea, id: 'p-milk', name: 'Milk', sku: null, barcode: '0777', unit_cost: null, unit_price: 1 }

function parsed(text: string) {
  const result = parseProductCsv(text)
  if (!result.ok) throw new Error(result.message)
  return result
}

const plan = (text: string, currency = 'GBP') => planImport(parsed(text), [tea, milk], currency)

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

  it('lists a blank cell as kept only where it keeps a value: a blank over a blank says nothing', () => {
    const result = plan('name,sku,barcode,qty,unit_cost\n,,0777,9,\n')
    expect(result.rows[0]).toMatchObject({ productId: 'p-milk', kept: [{ column: 'name', value: 'Milk' }] })
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
      { line: 2, column: 'barcode', product: 'A', message: "barcode '0501' already belongs to another product (Tea)" },
      { line: 3, column: 'name', product: 'N1', message: 'name is required for a new product' },
      { line: 4, column: 'sku', product: 'B', message: 'SKU is required: no product has this barcode yet' },
    ])
    expect(result.unchanged).toBe(1)
    expect(result.payload).toEqual([])
  })

  it('matches a SKU or barcode whatever its capitals: a row never adds a second product with the same code', () => {
    const result = plan('name,sku,barcode,qty\n,t1,,8\nOther milk,M9,0777,1\n')
    expect(result.payload).toEqual([{ id: 'p-tea', qty: 8, was: { qty: 5 } }])
    expect(result.rows[0]).toMatchObject({ productId: 'p-tea', name: 'Tea', sku: 'T1' })
    expect(result.issues.map(describeIssue)).toEqual(["Line 3, Other milk: barcode '0777' already belongs to another product (Milk)"])
    const lettered = planImport(parsed('name,sku,barcode\nBox,B2,abc-1\n'), [{ ...milk, barcode: 'ABC-1' }], 'GBP')
    expect(lettered.issues.map(describeIssue)).toEqual(["Line 2, Box: barcode 'abc-1' already belongs to another product (Milk)"])
  })

  it('leaves out a row whose code fits two products that differ only in capitals, naming both, and takes the exact one when there is one', () => {
    const eggs: CatalogueProduct = { ...tea, id: 'p-eggs', name: 'Eggs', sku: 'EGG-6', barcode: null }
    const freeRange: CatalogueProduct = { ...tea, id: 'p-free', name: 'Free-range eggs', sku: 'egg-6', barcode: null }
    const result = planImport(parsed('name,sku,qty\n,Egg-6,3\n'), [eggs, freeRange], 'GBP')
    expect(result.issues.map(describeIssue)).toEqual([
      "Line 2, Egg-6: SKU 'Egg-6' fits Eggs and Free-range eggs, whose codes differ only in capitals: change one of them first",
    ])
    expect(result.payload).toEqual([])
    const exact = planImport(parsed('name,sku,qty\n,egg-6,4\n'), [eggs, freeRange], 'GBP')
    expect(exact).toMatchObject({ issues: [], payload: [{ id: 'p-free', qty: 4, was: { qty: 5 } }] })
  })
})
