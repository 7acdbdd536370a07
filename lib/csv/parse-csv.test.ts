import { describe, expect, it } from 'vitest'
import { CsvParseError, parseCsv } from './parse-csv'

const fields = (text: string) => parseCsv(text).map((record) => record.fields)

describe('parseCsv', () => {
  it('splits plain fields and records', () => {
    expect(fields('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ])
  })

  it('ends records on CRLF and on LF alike, with or without a final line break', () => {
    expect(fields('a,b\r\n1,2\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ])
  })

  it('drops a UTF-8 BOM', () => {
    expect(fields('\uFEFFname,sku\r\nTea,T1\r\n')[0]).toEqual(['name', 'sku'])
  })

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(fields('name,note\r\n"Tea, green","say ""hi""\r\nthere"\r\n')).toEqual([
      ['name', 'note'],
      ['Tea, green', 'say "hi"\r\nthere'],
    ])
  })

  it('keeps empty fields, including trailing ones', () => {
    expect(fields('a,,c,\n')).toEqual([['a', '', 'c', '']])
  })

  it('skips blank lines and numbers records by the line they start on', () => {
    const records = parseCsv('h\n\n"two\nlines"\nlast\n')
    expect(records).toEqual([
      { line: 1, fields: ['h'] },
      { line: 3, fields: ['two\nlines'] },
      { line: 5, fields: ['last'] },
    ])
  })

  it('refuses an unclosed quote, naming the line it opened on', () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(new CsvParseError('a quoted field is not closed', 2))
  })

  it('refuses text after a closing quote and a stray quote in a plain field', () => {
    expect(() => parseCsv('"a"b,c')).toThrow(/Line 1: unexpected text after a closing quote/)
    expect(() => parseCsv('ok\nab"c')).toThrow(/Line 2: a quote inside an unquoted field/)
  })
})
