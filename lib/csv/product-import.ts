import type { z } from 'zod'
import { blankAs, productField } from '@/lib/validations/product'
import { CsvParseError, parseCsv } from './parse-csv'
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
export const MAX_IMPORT_BYTES = 1_000_000

/** What import_products() takes: a column absent from the file is absent from the row. */
export interface ImportRow {
  line: number
  name: string
  sku: string
  barcode?: string | null
  qty?: number
  low_stock_threshold?: number
  target_qty?: number | null
  unit_cost?: string | null
  unit_price?: string | null
}

export interface ImportIssue {
  line: number
  message: string
}

export type ImportPreview =
  | { ok: true; rows: ImportRow[]; issues: ImportIssue[]; totalRows: number; ignoredColumns: string[] }
  | { ok: false; message: string }

// A blank cell keeps the current value for quantities; it clears the optional fields.
const cellRules: Record<ImportColumn, z.ZodType> = {
  name: productField.name('name'),
  sku: productField.sku('sku').min(1, { error: 'sku is required' }),
  barcode: blankAs(productField.barcode('barcode'), null),
  qty: blankAs(productField.wholeNumber('qty'), undefined),
  low_stock_threshold: blankAs(productField.wholeNumber('low_stock_threshold'), undefined),
  target_qty: blankAs(productField.wholeNumber('target_qty'), null),
  unit_cost: blankAs(productField.amount('unit_cost'), null),
  unit_price: blankAs(productField.amount('unit_price'), null),
}
const TEXT_COLUMNS: ImportColumn[] = ['name', 'sku', 'barcode']

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
  const missing = (['name', 'sku'] as const).filter((column) => !columns.includes(column))
  if (missing.length) return `The first line must name the columns, including ${missing.join(' and ')}`
  return { columns, ignored }
}

function readRow(line: number, fields: string[], columns: (ImportColumn | null)[]): ImportRow | ImportIssue {
  const row: Record<string, unknown> = { line }
  for (const [index, column] of columns.entries()) {
    if (!column) continue
    const cell = fields[index] ?? ''
    if (TEXT_COLUMNS.includes(column) && (startsLikeFormula(cell) || startsLikeFormula(cell.trim()))) {
      return { line, message: `Line ${line}: ${column} must not start with = + - @ or a tab (it would run as a spreadsheet formula)` }
    }
    const parsed = cellRules[column].safeParse(cell)
    if (!parsed.success) return { line, message: `Line ${line}: ${parsed.error.issues[0]?.message ?? `${column} is not valid`}` }
    if (parsed.data !== undefined) row[column] = parsed.data
  }
  return row as unknown as ImportRow
}

/** Flags every row whose SKU or barcode another row of the file also uses. */
function flagDuplicates(rows: ImportRow[], key: 'sku' | 'barcode'): Map<ImportRow, ImportIssue> {
  const lines = new Map<string, number[]>()
  for (const row of rows) {
    const value = row[key]
    if (value) lines.set(value, [...(lines.get(value) ?? []), row.line])
  }
  const flagged = new Map<ImportRow, ImportIssue>()
  for (const row of rows) {
    const seen = row[key] ? lines.get(row[key]) : undefined
    if (seen && seen.length > 1) {
      flagged.set(row, { line: row.line, message: `Line ${row.line}: ${key} "${row[key]}" is used on more than one line (lines ${seen.join(', ')})` })
    }
  }
  return flagged
}

/**
 * Parses and checks a product CSV. Rows with an issue are left out of `rows`;
 * `existingBarcodes` (barcode → SKU) catches a barcode already used by another product.
 */
export function buildImportPreview(text: string, existingBarcodes = new Map<string, string | null>()): ImportPreview {
  let records
  try {
    records = parseCsv(text)
  } catch (error) {
    if (error instanceof CsvParseError) return { ok: false, message: error.message }
    throw error
  }
  const [header, ...data] = records
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
    if ('message' in result) issues.push(result)
    else parsed.push(result)
  }
  const duplicates = new Map([...flagDuplicates(parsed, 'barcode'), ...flagDuplicates(parsed, 'sku')])
  const rows: ImportRow[] = []
  for (const row of parsed) {
    const owner = row.barcode ? existingBarcodes.get(row.barcode) : undefined
    const duplicate = duplicates.get(row)
    if (duplicate) issues.push(duplicate)
    else if (owner !== undefined && owner !== row.sku) {
      issues.push({ line: row.line, message: `Line ${row.line}: barcode "${row.barcode}" already belongs to another product` })
    } else rows.push(row)
  }
  issues.sort((a, b) => a.line - b.line)
  return { ok: true, rows, issues, totalRows: data.length, ignoredColumns: head.ignored }
}

/** The row as import_products() wants it: without the line number. */
export function toImportPayload(row: ImportRow): Omit<ImportRow, 'line'> {
  const payload: Partial<ImportRow> = { ...row }
  delete payload.line
  return payload as Omit<ImportRow, 'line'>
}
