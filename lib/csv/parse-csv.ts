export interface CsvRecord {
  /** 1-based line of the file on which the record starts */
  line: number
  fields: string[]
}

export class CsvParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`Line ${line}: ${message}`)
  }
}

/**
 * RFC 4180 with the usual leniencies: a UTF-8 BOM is dropped, LF and CRLF both end
 * a record, quoted fields may hold commas, quotes ("") and line breaks.
 * Blank lines are skipped.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let recordLine = 1
  let i = 0

  const endRecord = () => {
    fields.push(field)
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields })
    fields = []
    field = ''
  }

  while (i < text.length) {
    const char = text[i]
    if (char === '"' && field === '') {
      const quoteLine = line
      i++
      for (;;) {
        if (i >= text.length) throw new CsvParseError('a quoted field is not closed', quoteLine)
        const inner = text[i]
        if (inner === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          i++
          break
        }
        if (inner === '\n') line++
        field += inner
        i++
      }
      const next = text[i]
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvParseError('unexpected text after a closing quote', line)
      }
      continue
    }
    if (char === ',') {
      fields.push(field)
      field = ''
      i++
    } else if (char === '\r' || char === '\n') {
      endRecord()
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
      recordLine = line
    } else if (char === '"') {
      throw new CsvParseError('a quote inside an unquoted field (wrap the field in quotes and double the quote)', line)
    } else {
      field += char
      i++
    }
  }
  if (field !== '' || fields.length > 0) endRecord()
  return records
}
