export type CsvCell = string | number | null | undefined

export const UTF8_BOM = '\uFEFF'

const FORMULA_START = /^[=+\-@\t\r]/
// Text that already starts with ' before a formula character gets one more, so that the
// import, which takes one ' off such a cell, restores every value exactly.
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/

/** Spreadsheets run a cell starting with = + - @ tab or CR as a formula: a leading ' makes it text. */
export function neutraliseFormula(value: string): string {
  return NEEDS_QUOTE.test(value) ? `'${value}` : value
}

export function startsLikeFormula(value: string): boolean {
  return FORMULA_START.test(value)
}

function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return ''
  const text = typeof cell === 'number' ? String(cell) : neutraliseFormula(cell)
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text
}

/** One RFC 4180 record, CRLF included. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

export function writeCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map(csvLine).join('')
}

/**
 * Records all `width` cells wide, as RFC 4180 asks of one file: a file of several
 * tables pads its shorter records with empty cells.
 */
export function fixedWidthLine(width: number) {
  return (cells: readonly CsvCell[]) => csvLine([...cells, ...Array<CsvCell>(Math.max(0, width - cells.length)).fill('')])
}
