import { describe, expect, it } from 'vitest'
import { csvFields as fields } from '@/test/support/csv-fields'
import { csvLine, neutraliseFormula, writeCsv } from './write-csv'

describe('writeCsv', () => {
  it('ends every record with CRLF and writes null as an empty field', () => {
    expect(writeCsv([['name', 'qty'], ['Tea', 3], ['Milk', null]])).toBe('name,qty\r\nTea,3\r\nMilk,\r\n')
  })

  it('quotes fields holding commas, quotes, line breaks or edge spaces', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', ' pad'])).toBe('"a,b","say ""hi""","two\nlines"," pad"\r\n')
  })

  it.each(['=HYPERLINK("http://evil")', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'neutralises the formula %j with a leading quote',
    (cell) => {
      expect(fields(csvLine([cell, 'x']))[0]?.[0]).toBe(`'${cell}`)
    },
  )

  it("adds one more ' to text that already starts with ' before a formula character", () => {
    expect(neutraliseFormula("'=1")).toBe("''=1")
    expect(neutraliseFormula("'tea")).toBe("'tea")
  })

  it('leaves ordinary text and numbers alone', () => {
    expect(neutraliseFormula('Tea = nice')).toBe('Tea = nice')
    expect(csvLine([-1, 2.5])).toBe('-1,2.5\r\n')
  })

  it('round-trips through the parser', () => {
    const rows = [
      ['name', 'note'],
      ['Crème "brûlée", 2×', 'line\r\nbreak'],
    ]
    expect(fields(writeCsv(rows))).toEqual(rows)
  })
})
