import Papa from 'papaparse'

export interface CsvRecord {
  /** 1-based line of the file on which the record starts */
  line: number
  fields: string[]
}

export type CsvReadResult = { ok: true; records: CsvRecord[] } | { ok: false; message: string }

const QUOTE_PROBLEMS: Record<string, string> = {
  MissingQuotes: 'a quoted field is not closed',
  InvalidQuotes: 'a quote is out of place (wrap the field in quotes and double every quote inside it)',
}

/**
 * CSV as spreadsheets write it in any locale: a UTF-8 BOM is dropped, the separator
 * (comma, semicolon or tab) is detected, quoted fields may hold separators, quotes and
 * line breaks (\r\n, \n or \r). Empty lines are skipped; each record keeps the line it starts on.
 */
export function readCsv(input: string): CsvReadResult {
  // papaparse drops the BOM too, but its cursor then no longer matches `input`
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  const records: CsvRecord[] = []
  let problem: string | null = null
  let counted = 0
  let lineBreaks = 0
  let previousEnd = 0
  // A line ends on \n, or on a lone \r (old Macs: every record was "Line 1" with them).
  const breaksAt = (at: number) => text.charCodeAt(at) === 10 || (text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) !== 10)
  /** 1 + the line breaks before `position`; positions only grow */
  const lineAt = (position: number) => {
    for (; counted < position; counted++) if (breaksAt(counted)) lineBreaks++
    return 1 + lineBreaks
  }
  Papa.parse<string[]>(text, {
    delimiter: '',
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: true,
    step: (result, parser) => {
      const quote = result.errors.find((error) => error.type === 'Quotes')
      if (quote) {
        // a broken quote swallows the rest of the file: name the line the record starts on
        let start = previousEnd
        while (start < text.length && /\s/.test(text[start]!)) start++
        problem = `Line ${lineAt(start)}: ${QUOTE_PROBLEMS[quote.code] ?? quote.message}`
        parser.abort()
        return
      }
      // the cursor is where this record ends, its own line break included: count back from there
      const end = result.meta.cursor
      const inside = result.data.reduce((sum, field) => sum + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0)
      records.push({ line: lineAt(end) - (breaksAt(end - 1) ? 1 : 0) - inside, fields: result.data })
      previousEnd = end
    },
  })
  return problem ? { ok: false, message: problem } : { ok: true, records }
}
