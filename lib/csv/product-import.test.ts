import { describe, expect, it } from 'vitest'
import { MAX_IMPORT_ROWS, parseProductCsv } from './product-import'

const HEADER = 'name,sku,barcode,qty,low_stock_threshold,target_qty,unit_cost,unit_price'

function parse(text: string) {
  const result = parseProductCsv(text)
  if (!result.ok) throw new Error(result.message)
  return result
}

describe('parseProductCsv', () => {
  it('turns valid rows into values, numbers parsed, blank cells left out (kept)', () => {
    const result = parse(`${HEADER}\r\nTea,T1,05012345678900,12,3,20,"1,5",2.99\r\nMilk,M1,,,,,,\r\n`)
    expect(result.issues).toEqual([])
    expect(result.rows).toEqual([
      {
        line: 2,
        values: { name: 'Tea', sku: 'T1', barcode: '05012345678900', qty: 12, low_stock_threshold: 3, target_qty: 20, unit_cost: '1.5', unit_price: '2.99' },
      },
      { line: 3, values: { name: 'Milk', sku: 'M1' } },
    ])
    expect(result.columns).toEqual(['name', 'sku', 'barcode', 'qty', 'low_stock_threshold', 'target_qty', 'unit_cost', 'unit_price'])
  })

  it.each([
    ['semicolons, decimal commas and a BOM', '\uFEFFname;sku;unit_price\r\n"Tea; green";T1;1,50\r\n'],
    ['tabs', 'name\tsku\tunit_price\nTea; green\tT1\t1.50\n'],
  ])('reads %s', (_, text) => {
    expect(parse(text).rows).toEqual([{ line: 2, values: { name: 'Tea; green', sku: 'T1', unit_price: '1.50' } }])
  })

  it('keeps line breaks, accents and quotes inside quoted names, and numbers lines as the file does', () => {
    const result = parse('name,sku\n"Crème ""brûlée""\nlarge",C1\n\n , \nTea,T1\n,\n')
    expect(result.rows).toEqual([
      { line: 2, values: { name: 'Crème "brûlée"\nlarge', sku: 'C1' } },
      { line: 6, values: { name: 'Tea', sku: 'T1' } },
    ])
    expect(result.totalRows).toBe(2)
  })

  it('matches header names case-insensitively and leaves out columns the file does not have', () => {
    const result = parse('\uFEFF Name ,SKU,Qty,Colour\nTea,T1,4,green\n')
    expect(result.rows).toEqual([{ line: 2, values: { name: 'Tea', sku: 'T1', qty: 4 } }])
    expect(result.columns).toEqual(['name', 'sku', 'qty'])
    expect(result.ignoredColumns).toEqual(['Colour'])
  })

  it('reports every bad cell with its line and column, and keeps the good rows', () => {
    const result = parse(`${HEADER}\nTea,T1,,1\nCoffee,C1,,1\nBad,B1,,-3\nCake,K1,,2.5,,,x\n,,,1\nPie,P1,bar code,1,,,abc\n`)
    expect(result.rows.map((row) => row.values.sku)).toEqual(['T1', 'C1'])
    expect(result.issues).toEqual([
      { line: 4, column: 'qty', message: 'qty must be a whole number 0 or more' },
      { line: 5, column: 'qty', message: 'qty must be a whole number 0 or more' },
      { line: 5, column: 'unit_cost', message: 'unit_cost must be an amount of 0 or more, like 2.50' },
      { line: 6, column: 'sku', message: 'sku is required (or the barcode of a product to update)' },
      { line: 7, column: 'barcode', message: 'barcode may only hold letters, digits and . _ / + - (up to 64)' },
      { line: 7, column: 'unit_cost', message: 'unit_cost must be an amount of 0 or more, like 2.50' },
    ])
    expect(result.totalRows).toBe(6)
  })

  it.each(['=HYPERLINK("http://evil","x")', '+SUM(1)', '-1+1', '@cmd', '\tTea', ' =1+1'])(
    'refuses the formula %j in a text column',
    (cell) => {
      const result = parse(`name,sku\n"${cell.replaceAll('"', '""')}",S1\nTea,S2\n`)
      expect(result.rows.map((row) => row.values.sku)).toEqual(['S2'])
      expect(result.issues[0]).toMatchObject({ line: 2, column: 'name', message: expect.stringMatching(/^name must not start with = \+ - @ or a tab/) })
    },
  )

  it("takes one ' off a formula the export neutralised, so the original text comes back", () => {
    const result = parse(`name,sku\n"'=HYPERLINK(""x"")",'-1+1\n''=2,S2\n'tea,S3\n`)
    expect(result.issues).toEqual([])
    expect(result.rows.map((row) => row.values)).toEqual([
      { name: '=HYPERLINK("x")', sku: '-1+1' },
      { name: "'=2", sku: 'S2' },
      { name: "'tea", sku: 'S3' },
    ])
  })

  it('flags every line of a SKU or barcode used twice in the file', () => {
    const result = parse('name,sku,barcode\nA,S1,111\nB,S2,222\nC,S1,333\nD,S4,222\nE,S5,555\n')
    expect(result.rows.map((row) => row.values.sku)).toEqual(['S5'])
    expect(result.issues.map((issue) => [issue.line, issue.column, issue.message])).toEqual([
      [2, 'sku', 'sku "S1" is used on more than one line (lines 2, 4)'],
      [3, 'barcode', 'barcode "222" is used on more than one line (lines 3, 5)'],
      [4, 'sku', 'sku "S1" is used on more than one line (lines 2, 4)'],
      [5, 'barcode', 'barcode "222" is used on more than one line (lines 3, 5)'],
    ])
  })

  it.each([
    ['', 'The file is empty'],
    ['name,sku\n', 'The file has a header but no products'],
    ['title,code\nTea,T1\n', 'The first line must name the columns, including sku'],
    ['name,sku,SKU\nTea,T1,T2\n', 'The column "sku" appears twice in the header'],
    ['name,sku\n"Tea,T1\n', 'Line 2: a quoted field is not closed'],
  ])('refuses the whole file %j', (text, message) => {
    expect(parseProductCsv(text)).toEqual({ ok: false, message })
  })

  it(`refuses more than ${MAX_IMPORT_ROWS} rows`, () => {
    const body = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `P${i},S${i}`).join('\n')
    expect(parseProductCsv(`name,sku\n${body}`)).toEqual({
      ok: false,
      message: `The file has ${MAX_IMPORT_ROWS + 1} rows; import at most ${MAX_IMPORT_ROWS} at a time`,
    })
    expect(parse(`name,sku\n${body.split('\n').slice(1).join('\n')}`).rows).toHaveLength(MAX_IMPORT_ROWS)
  })
})
