import { describe, expect, it } from 'vitest'
import { readCsv } from './read-csv'

function records(text: string) {
  const result = readCsv(text)
  if (!result.ok) throw new Error(result.message)
  return result.records
}
const fields = (text: string) => records(text).map((record) => record.fields)

describe('readCsv', () => {
  it.each(['\r\n', '\n', '\r'])('splits plain fields and records ending on %j, with or without a final line break', (end) => {
    const rows = [
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]
    expect(fields(rows.map((row) => row.join(',')).join(end))).toEqual(rows)
    expect(fields(rows.map((row) => row.join(',') + end).join(''))).toEqual(rows)
  })

  it('numbers the lines of a file whose lines end on a lone \\r (old Macs), a quoted line break included', () => {
    expect(records('name,note\rTea,"two\rlines"\rMilk,x\r').map(({ line, fields }) => ({ line, fields }))).toEqual([
      { line: 1, fields: ['name', 'note'] },
      { line: 2, fields: ['Tea', 'two\rlines'] },
      { line: 4, fields: ['Milk', 'x'] },
    ])
  })

  it('drops a UTF-8 BOM', () => {
    expect(fields('\uFEFFname,sku\r\nTea,T1\r\n')).toEqual([
      ['name', 'sku'],
      ['Tea', 'T1'],
    ])
  })

  it('reads semicolon-separated files, as Excel writes them where the comma is the decimal point', () => {
    expect(fields('\uFEFFname;sku;unit_price\r\n"Tea; green";T1;1,50\r\nMilk, whole;M1;0,40\r\n')).toEqual([
      ['name', 'sku', 'unit_price'],
      ['Tea; green', 'T1', '1,50'],
      ['Milk, whole', 'M1', '0,40'],
    ])
  })

  it('reads tab-separated files', () => {
    expect(fields('name\tsku\tqty\nTea, green\tT1\t4\n')).toEqual([
      ['name', 'sku', 'qty'],
      ['Tea, green', 'T1', '4'],
    ])
  })

  it('reads quoted fields with separators, doubled quotes and line breaks', () => {
    expect(fields('name,note\r\n"Tea, green","say ""hi""\r\nthere"\r\n')).toEqual([
      ['name', 'note'],
      ['Tea, green', 'say "hi"\r\nthere'],
    ])
  })

  it('keeps empty fields, including trailing ones', () => {
    expect(fields('a,b,c,d\na,,c,\n')[1]).toEqual(['a', '', 'c', ''])
  })

  it('skips empty lines and numbers records by the line they start on, quoted line breaks included', () => {
    expect(records('\uFEFFh,i\n\n"two\nlines",x\n\n,\nlast,y\n')).toEqual([
      { line: 1, fields: ['h', 'i'] },
      { line: 3, fields: ['two\nlines', 'x'] },
      { line: 6, fields: ['', ''] },
      { line: 7, fields: ['last', 'y'] },
    ])
    expect(records('h,i\r\n\r\n"two\r\nlines",x\r\nlast,y').map((record) => record.line)).toEqual([1, 3, 5])
  })

  it('refuses an unclosed quote, naming the line it opened on', () => {
    expect(readCsv('a,b\nc,d\n"open,b\nc,d')).toEqual({ ok: false, message: 'Line 3: a quoted field is not closed' })
  })

  it('refuses text after a closing quote', () => {
    expect(readCsv('a,b\n"a"b,c\n')).toMatchObject({ ok: false, message: expect.stringMatching(/^Line 2: a quote is out of place/) })
  })
})
