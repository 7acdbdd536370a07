import type { z } from 'zod'
import { blankAs, MAX_NAME, MAX_SKU, productField, SHORTENED_NUMBER } from '@/lib/validations/product'
import { stripControlChars } from '@/lib/validations/clean-text'
import { readCsv } from './read-csv'
import { startsLikeFormula } from './write-csv'

export const IMPORT_COLUMNS = [
  'name',
  'sku',
  'barcode',
  'qty',
  'low_stock_threshold',
  'target_qty',
  'unit_cost',
  'unit_price',
] as const
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]

export const MAX_IMPORT_ROWS = 5000

/** The values a row gives; a blank cell, or a column the file does not have, is left out: it keeps what the product has. */
export interface ImportValues {
  name?: string
  sku?: string
  barcode?: string
  qty?: number
  low_stock_threshold?: number
  target_qty?: number
  unit_cost?: string
  unit_price?: string
}

export interface ImportRow {
  line: number
  values: ImportValues
}

export interface ImportIssue {
  line: number
  column: ImportColumn | null
  /** the row's product as the owner knows it: its name, else its SKU or barcode (null: the row gives none) */
  product: string | null
  /** what is wrong, naming the column in the owner's words and quoting the bad value */
  message: string
}

export type ParsedImport =
  | { ok: true; rows: ImportRow[]; issues: ImportIssue[]; totalRows: number; columns: ImportColumn[]; ignoredColumns: string[] }
  | { ok: false; message: string }

/** The columns in the owner's words, as the product form names them. */
export const COLUMN_WORDS: Record<ImportColumn, string> = {
  name: 'name',
  sku: 'SKU',
  barcode: 'barcode',
  qty: 'quantity',
  low_stock_threshold: 'low-stock alert level',
  target_qty: 'target level',
  unit_cost: 'cost',
  unit_price: 'price',
}

const QUOTE_MAX = 40
/** A cell as a problem quotes it: 'lots', a long one cut with an ellipsis (the owner sees where, not all of it). */
export const quoteCell = (cell: string) => `'${cell.length > QUOTE_MAX ? `${cell.slice(0, QUOTE_MAX)}…` : cell}'`

const WHOLE_NUMBERS = new Set<ImportColumn>(['qty', 'low_stock_threshold', 'target_qty'])
const AMOUNTS = new Set<ImportColumn>(['unit_cost', 'unit_price'])

/** Why a cell its rule refused is wrong, in words about the cell itself. */
function whyRefused(column: ImportColumn, cell: string): string {
  if (WHOLE_NUMBERS.has(column)) {
    if (/^-\d+$/.test(cell)) return 'is below 0'
    return /^\d+$/.test(cell) ? 'is too large' : 'is not a whole number'
  }
  if (AMOUNTS.has(column)) {
    if (/^-\d/.test(cell)) return 'is below 0'
    // 1.234,50 or 1,234.50: a comma or point may be the decimal point, but not also mark thousands
    if (/^\d{1,3}([.,]\d{3})+([.,]\d{1,2})?$/.test(cell) && /[.,]\d{3}[.,]/.test(cell)) return 'has a thousands separator: write it like 1234.50'
    return /^\d+([.,]\d+)?$/.test(cell) ? 'has too many digits (at most 10 before the point and 2 after)' : 'is not an amount like 2.50'
  }
  if (SHORTENED_NUMBER.test(cell)) {
    return 'is a number a spreadsheet shortened, so its digits are lost: format the column as text in the spreadsheet and enter the codes again'
  }
  if (column === 'barcode') return 'may only hold letters, digits and . _ / + - (up to 64)'
  return `is ${cell.length} characters long: at most ${column === 'name' ? MAX_NAME : MAX_SKU}`
}

const cellRules: Record<ImportColumn, z.ZodType> = {
  name: blankAs(productField.name('name'), undefined),
  sku: blankAs(productField.sku('sku'), undefined),
  barcode: blankAs(productField.barcode('barcode'), undefined),
  qty: blankAs(productField.wholeNumber('qty'), undefined),
  low_stock_threshold: blankAs(productField.wholeNumber('low_stock_threshold'), undefined),
  target_qty: blankAs(productField.wholeNumber('target_qty'), undefined),
  unit_cost: blankAs(productField.amount('unit_cost'), undefined),
  unit_price: blankAs(productField.amount('unit_price'), undefined),
}
const TEXT_COLUMNS: ImportColumn[] = ['name', 'sku', 'barcode']
// The export writes '=x for a text =x (see neutraliseFormula): one leading ' is taken off again.
const NEUTRALISED = /^'+[=+\-@\t\r]/

function readHeader(fields: string[]): { columns: (ImportColumn | null)[]; ignored: string[] } | string {
  const columns: (ImportColumn | null)[] = []
  const ignored: string[] = []
  for (const raw of fields) {
    const name = raw.trim().toLowerCase()
    const column = IMPORT_COLUMNS.find((known) => known === name) ?? null
    if (column && columns.includes(column)) return `The column "${column}" appears twice in the header`
    if (!column && name) ignored.push(raw.trim())
    columns.push(column)
  }
  if (!columns.includes('sku') && !columns.includes('barcode')) return 'The first line must name the columns, including sku'
  return { columns, ignored }
}

type CellProblem = Pick<ImportIssue, 'column' | 'message'>

function readCell(column: ImportColumn, raw: string): { value: unknown } | CellProblem {
  let cell = stripControlChars(raw)
  if (TEXT_COLUMNS.includes(column)) {
    if (NEUTRALISED.test(cell)) cell = cell.slice(1)
    else if (startsLikeFormula(cell) || startsLikeFormula(cell.trim())) {
      return { column, message: `${COLUMN_WORDS[column]} ${quoteCell(cell.trim())} must not start with = + - @ or a tab (it would run as a spreadsheet formula)` }
    }
  }
  const parsed = cellRules[column].safeParse(cell)
  if (!parsed.success) return { column, message: `${COLUMN_WORDS[column]} ${quoteCell(cell.trim())} ${whyRefused(column, cell.trim())}` }
  return { value: parsed.data }
}

/** What the owner calls the row's product: its name cell, else its SKU or barcode cell, as written; a refused cell names nothing. */
function rowProduct(fields: string[], columns: (ImportColumn | null)[], refused: CellProblem[]): string | null {
  for (const column of ['name', 'sku', 'barcode'] as const) {
    if (refused.some((problem) => problem.column === column)) continue
    const cell = stripControlChars(fields[columns.indexOf(column)] ?? '').trim()
    if (cell) return cell
  }
  return null
}

/** The key two codes share when they differ only in capitals (codes are unique per shop ignoring case). */
export const codeKey = (code: string) => code.toLowerCase()

function readRow(line: number, fields: string[], columns: (ImportColumn | null)[]): ImportRow | ImportIssue[] {
  const values: Record<string, unknown> = {}
  const problems: CellProblem[] = []
  for (const [index, column] of columns.entries()) {
    if (!column) continue
    const cell = readCell(column, fields[index] ?? '')
    if ('message' in cell) problems.push(cell)
    else if (cell.value !== undefined) values[column] = cell.value
  }
  if (values.sku === undefined && values.barcode === undefined && problems.length === 0) {
    problems.push({ column: 'sku', message: 'SKU is required (or the barcode of a product to update)' })
  }
  if (problems.length) {
    const product = rowProduct(fields, columns, problems)
    return problems.map((problem) => ({ line, product, ...problem }))
  }
  return { line, values }
}

/** Flags every row whose SKU or barcode another row of the file also uses, whatever their capitals. */
function flagDuplicates(rows: ImportRow[], key: 'sku' | 'barcode'): Map<ImportRow, ImportIssue> {
  const lines = new Map<string, number[]>()
  for (const row of rows) {
    const value = row.values[key]
    if (value) lines.set(codeKey(value), [...(lines.get(codeKey(value)) ?? []), row.line])
  }
  const flagged = new Map<ImportRow, ImportIssue>()
  for (const row of rows) {
    const value = row.values[key]
    const seen = value ? lines.get(codeKey(value)) : undefined
    if (value && seen && seen.length > 1) {
      flagged.set(row, {
        line: row.line,
        column: key,
        product: row.values.name ?? row.values.sku ?? row.values.barcode ?? null,
        message: `${COLUMN_WORDS[key]} ${quoteCell(value)} is on more than one line (lines ${seen.join(', ')})`,
      })
    }
  }
  return flagged
}

/** Reads and checks a product CSV on its own; rows with an issue are left out of `rows`. */
export function parseProductCsv(text: string): ParsedImport {
  const read = readCsv(text)
  if (!read.ok) return read
  // spreadsheets save rows of empty cells (",,,,") below the data
  const [header, ...data] = read.records.filter((record) => record.fields.some((field) => field.trim() !== ''))
  if (!header) return { ok: false, message: 'The file is empty' }
  if (data.length === 0) return { ok: false, message: 'The file has a header but no products' }
  if (data.length > MAX_IMPORT_ROWS) {
    return { ok: false, message: `The file has ${data.length} rows; import at most ${MAX_IMPORT_ROWS} at a time` }
  }
  const head = readHeader(header.fields)
  if (typeof head === 'string') return { ok: false, message: head }

  const issues: ImportIssue[] = []
  const parsed: ImportRow[] = []
  for (const record of data) {
    const result = readRow(record.line, record.fields, head.columns)
    if (Array.isArray(result)) issues.push(...result)
    else parsed.push(result)
  }
  const duplicates = new Map([...flagDuplicates(parsed, 'barcode'), ...flagDuplicates(parsed, 'sku')])
  const rows = parsed.filter((row) => !duplicates.has(row))
  issues.push(...duplicates.values())
  issues.sort((a, b) => a.line - b.line)
  const columns = IMPORT_COLUMNS.filter((column) => head.columns.includes(column))
  return { ok: true, rows, issues, totalRows: data.length, columns, ignoredColumns: head.ignored }
}
