import { describe, expect, it } from 'vitest'
import { buildImportPreview, MAX_IMPORT_ROWS, toImportPayload } from './product-import'

const HEADER = 'name,sku,barcode,qty,low_stock_threshold,target_qty,unit_cost,unit_price'

function preview(text: string, existing?: Map<string, string | null>) {
  const result = buildImportPreview(text, existing)
  if (!result.ok) throw new Error(result.message)
  return result
}

describe('buildImportPreview', () => {
  it('turns valid rows into import rows, numbers parsed and blank optional cells cleared', () => {
    const result = preview(`${HEADER}\r\nTea,T1,5012345678900,12,3,20,"1,5",2.99\r\nMilk,M1,,,,,,\r\n`)
    expect(result.issues).toEqual([])
    expect(result.rows).toEqual([
      { line: 2, name: 'Tea', sku: 'T1', barcode: '5012345678900', qty: 12, low_stock_threshold: 3, target_qty: 20, unit_cost: '1.5', unit_price: '2.99' },
      { line: 3, name: 'Milk', sku: 'M1', barcode: null, target_qty: null, unit_cost: null, unit_price: null },
    ])
    expect(toImportPayload(result.rows[0]!)).not.toHaveProperty('line')
  })

  it('matches header names case-insensitively and leaves out columns the file does not have', () => {
    const result = preview('\uFEFF Name ,SKU,Qty,Colour\nTea,T1,4,green\n')
    expect(result.rows).toEqual([{ line: 2, name: 'Tea', sku: 'T1', qty: 4 }])
    expect(result.ignoredColumns).toEqual(['Colour'])
  })

  it('reports each bad row with its line number and keeps the good ones', () => {
    const result = preview(`${HEADER}\nTea,T1,,1\nCoffee,C1,,1\nBad,B1,,-3\nCake,K1,,2.5\n,N1\nBun,,,1\nPie,P1,,1,,,abc\n`)
    expect(result.rows.map((row) => row.sku)).toEqual(['T1', 'C1'])
    expect(result.issues).toEqual([
      { line: 4, message: 'Line 4: qty must be a whole number 0 or more' },
      { line: 5, message: 'Line 5: qty must be a whole number 0 or more' },
      { line: 6, message: 'Line 6: name is required' },
      { line: 7, message: 'Line 7: sku is required' },
      { line: 8, message: 'Line 8: unit_cost must be an amount of 0 or more, like 2.50' },
    ])
    expect(result.totalRows).toBe(7)
  })

  it.each(['=HYPERLINK("http://evil","x")', '+SUM(1)', '-1+1', '@cmd', '\tTea', ' =1+1'])(
    'refuses the formula %j in a text column',
    (cell) => {
      const result = preview(`name,sku\n"${cell.replaceAll('"', '""')}",S1\nTea,S2\n`)
      expect(result.rows.map((row) => row.sku)).toEqual(['S2'])
      expect(result.issues[0]?.message).toMatch(/^Line 2: name must not start with = \+ - @ or a tab/)
    },
  )

  it('flags every line of a SKU or barcode used twice in the file', () => {
    const result = preview('name,sku,barcode\nA,S1,111\nB,S2,222\nC,S1,333\nD,S4,222\nE,S5,555\n')
    expect(result.rows.map((row) => row.sku)).toEqual(['S5'])
    expect(result.issues.map((issue) => issue.message)).toEqual([
      'Line 2: sku "S1" is used on more than one line (lines 2, 4)',
      'Line 3: barcode "222" is used on more than one line (lines 3, 5)',
      'Line 4: sku "S1" is used on more than one line (lines 2, 4)',
      'Line 5: barcode "222" is used on more than one line (lines 3, 5)',
    ])
  })

  it('flags a barcode that belongs to another product already, but not to the same SKU', () => {
    const existing = new Map([['111', 'OTHER'], ['222', 'S2']])
    const result = preview('name,sku,barcode\nA,S1,111\nB,S2,222\n', existing)
    expect(result.rows.map((row) => row.sku)).toEqual(['S2'])
    expect(result.issues).toEqual([{ line: 2, message: 'Line 2: barcode "111" already belongs to another product' }])
  })

  it.each([
    ['', 'The file is empty'],
    ['name,sku\n', 'The file has a header but no products'],
    ['title,code\nTea,T1\n', 'The first line must name the columns, including name and sku'],
    ['name,sku,SKU\nTea,T1,T2\n', 'The column "sku" appears twice in the header'],
    ['name,sku\n"Tea,T1\n', 'Line 2: a quoted field is not closed'],
  ])('refuses the whole file %j', (text, message) => {
    expect(buildImportPreview(text)).toEqual({ ok: false, message })
  })

  it(`refuses more than ${MAX_IMPORT_ROWS} rows`, () => {
    const body = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `P${i},S${i}`).join('\n')
    expect(buildImportPreview(`name,sku\n${body}`)).toEqual({
      ok: false,
      message: `The file has ${MAX_IMPORT_ROWS + 1} rows; import at most ${MAX_IMPORT_ROWS} at a time`,
    })
    expect(preview(`name,sku\n${body.split('\n').slice(1).join('\n')}`).rows).toHaveLength(MAX_IMPORT_ROWS)
  })
})
