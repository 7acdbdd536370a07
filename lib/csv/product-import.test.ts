import { describe, expect, it } from 'vitest'
import { describeIssue } from './import-issue'
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

  it('reports every bad cell by line, product and value, in the words of the product form, and keeps the good rows', () => {
    const long = 'Oat milk, barista edition, '.repeat(5).trim()
    const result = parse(
      `${HEADER}\nTea,T1,,1\nCoffee,C1,,1\nOat milk,B1,,lots\nCake,K1,,2.5,,,x\n,,,1\nPie,P1,bar code,-3,,,-1\n,S9,,99999999999,,,12.345\n"${long}",L1,,1\n`,
    )
    expect(result.rows.map((row) => row.values.sku)).toEqual(['T1', 'C1'])
    expect(result.issues.map(describeIssue)).toEqual([
      "Line 4, Oat milk: quantity 'lots' is not a whole number",
      "Line 5, Cake: quantity '2.5' is not a whole number",
      "Line 5, Cake: cost 'x' is not an amount like 2.50",
      'Line 6: SKU is required (or the barcode of a product to update)',
      "Line 7, Pie: barcode 'bar code' may only hold letters, digits and . _ / + - (up to 64)",
      "Line 7, Pie: quantity '-3' is below 0",
      "Line 7, Pie: cost '-1' is below 0",
      "Line 8, S9: quantity '99999999999' is too large",
      "Line 8, S9: cost '12.345' has too many digits (at most 10 before the point and 2 after)",
      `Line 9, L1: name '${long.slice(0, 40)}…' is ${long.length} characters long: at most 120`,
    ])
    expect(result.issues[0]).toEqual({ line: 4, column: 'qty', product: 'Oat milk', message: "quantity 'lots' is not a whole number" })
    expect(result.totalRows).toBe(8)
  })

  it('says why an amount with a thousands separator is refused', () => {
    const result = parse(`${HEADER}\nTea,T1,,1,,,"1.234,50"\nCake,K1,,1,,,"1,234.50"\nPie,P1,,1,,,"0,95"\n`)
    expect(result.rows.map((row) => row.values.sku)).toEqual(['P1'])
    expect(result.issues.map(describeIssue)).toEqual([
      "Line 2, Tea: cost '1.234,50' has a thousands separator: write it like 1234.50",
      "Line 3, Cake: cost '1,234.50' has a thousands separator: write it like 1234.50",
    ])
  })

  it('refuses a code a spreadsheet shortened to a number (5.01235E+12): its digits are gone, and it would replace the real code', () => {
    const result = parse(`${HEADER}\nTea,T1,5.01235E+12,4\nCake,1.23457e+11,,2\nPie,P1,5012345678900,1\n`)
    expect(result.rows.map((row) => row.values.sku)).toEqual(['P1'])
    expect(result.issues.map(describeIssue)).toEqual([
      "Line 2, Tea: barcode '5.01235E+12' is a number a spreadsheet shortened, so its digits are lost: format the column as text in the spreadsheet and enter the codes again",
      "Line 3, Cake: SKU '1.23457e+11' is a number a spreadsheet shortened, so its digits are lost: format the column as text in the spreadsheet and enter the codes again",
    ])
  })

  it.each(['=HYPERLINK("http://evil","x")', '+SUM(1)', '-1+1', '@cmd', '\tTea', ' =1+1'])(
    'refuses the formula %j in a text column',
    (cell) => {
      const result = parse(`name,sku\n"${cell.replaceAll('"', '""')}",S1\nTea,S2\n`)
      expect(result.rows.map((row) => row.values.sku)).toEqual(['S2'])
      expect(result.issues[0]).toMatchObject({ line: 2, column: 'name', product: 'S1', message: expect.stringMatching(/^name '.+' must not start with = \+ - @ or a tab/) })
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

  it('flags every line of a SKU or barcode used twice in the file, whatever its capitals', () => {
    const result = parse('name,sku,barcode\nA,S1,111\nB,S2,abc\nC,s1,333\nD,S4,ABC\nE,S5,555\n')
    expect(result.rows.map((row) => row.values.sku)).toEqual(['S5'])
    expect(result.issues.map(describeIssue)).toEqual([
      "Line 2, A: SKU 'S1' is on more than one line (lines 2, 4)",
      "Line 3, B: barcode 'abc' is on more than one line (lines 3, 5)",
      "Line 4, C: SKU 's1' is on more than one line (lines 2, 4)",
      "Line 5, D: barcode 'ABC' is on more than one line (lines 3, 5)",
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
