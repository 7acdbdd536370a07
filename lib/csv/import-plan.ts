import { formatMoneyInput } from '@/lib/format/money'
import type { ProductRecord } from '@/lib/products/product-record'
import { codeKey, COLUMN_WORDS, quoteCell, type ImportColumn, type ImportIssue, type ImportRow, type ImportValues, type ParsedImport } from './product-import'

/** A product as the import compares with it; PostgREST may send numeric money as text. */
export interface CatalogueProduct extends Omit<ProductRecord, 'unit_cost' | 'unit_price' | 'image_url'> {
  unit_cost: number | string | null
  unit_price: number | string | null
}

/** One cell as the preview shows it, written as the CSV writes it; `old` is null for a new product. */
export interface PlannedChange {
  column: ImportColumn
  old: string | null
  new: string
}

export interface KeptValue {
  column: ImportColumn
  value: string
}

export interface PlannedRow {
  line: number
  /** the product the row updates; null for a new product */
  productId: string | null
  name: string
  sku: string | null
  changes: PlannedChange[]
  /** blank cells: the product keeps these values */
  kept: KeptValue[]
}

type StoredValue = string | number | null
/** What import_products() takes (migration 20261123000600): `was` is what the preview showed. */
export type ImportPayloadRow = ImportValues & { id?: string; was: Partial<Record<ImportColumn, StoredValue>> | null }

export interface ImportPlan {
  /** the rows that create or change a product, in file order */
  rows: PlannedRow[]
  payload: ImportPayloadRow[]
  unchanged: number
  issues: ImportIssue[]
  totalRows: number
  ignoredColumns: string[]
}

const UPDATABLE = ['name', 'barcode', 'qty', 'low_stock_threshold', 'target_qty', 'unit_cost', 'unit_price'] as const
const MONEY = new Set<ImportColumn>(['unit_cost', 'unit_price'])

function shown(column: ImportColumn, value: StoredValue | undefined, currency: string): string {
  if (value === null || value === undefined) return ''
  return MONEY.has(column) ? formatMoneyInput(value, currency) : String(value)
}

function same(column: ImportColumn, stored: StoredValue, given: string | number): boolean {
  if (stored === null) return false
  return MONEY.has(column) ? Number(stored) === Number(given) : stored === given
}

type CodeIndex = Map<string, CatalogueProduct[]>

/** The catalogue by code, whatever the capitals: two products under one key clash (made before codes ignored case). */
function indexBy(catalogue: CatalogueProduct[], field: 'sku' | 'barcode'): CodeIndex {
  const index: CodeIndex = new Map()
  for (const product of catalogue) {
    const code = product[field]
    if (code) index.set(codeKey(code), [...(index.get(codeKey(code)) ?? []), product])
  }
  return index
}

type Found = { product: CatalogueProduct | undefined } | { clash: CatalogueProduct[] }

/** The product a code names: the one with it exactly, else the one with it in other capitals; two such is a clash. */
function lookUp(index: CodeIndex, field: 'sku' | 'barcode', code: string | undefined): Found {
  const matches = code === undefined ? [] : (index.get(codeKey(code)) ?? [])
  const exact = matches.find((product) => product[field] === code)
  if (exact || matches.length <= 1) return { product: exact ?? matches[0] }
  return { clash: matches }
}

/** Rows are matched by SKU, or by barcode when the SKU cell is blank. */
const findProduct = (values: ImportValues, bySku: CodeIndex, byBarcode: CodeIndex) =>
  values.sku !== undefined ? lookUp(bySku, 'sku', values.sku) : lookUp(byBarcode, 'barcode', values.barcode)

const names = (products: CatalogueProduct[]) => products.map((product) => product.name).join(' and ')

/** The product the row updates (undefined: a new one), or why the row is left out. */
function checkRow(row: ImportRow, found: Found, byBarcode: CodeIndex): { product: CatalogueProduct | undefined } | { issue: ImportIssue } {
  const { line, values } = row
  const label = values.name ?? values.sku ?? values.barcode ?? null
  const issue = (column: ImportColumn, message: string, product = label) => ({ issue: { line, column, product, message } })
  if ('clash' in found) {
    const column = values.sku !== undefined ? 'sku' : 'barcode'
    return issue(column, `${COLUMN_WORDS[column]} ${quoteCell(values[column] ?? '')} fits ${names(found.clash)}, whose codes differ only in capitals: change one of them first`)
  }
  const { product } = found
  const barcode = lookUp(byBarcode, 'barcode', values.barcode)
  const others = ('clash' in barcode ? barcode.clash : barcode.product ? [barcode.product] : []).filter((owner) => owner !== product)
  if (others.length > 0) {
    return issue('barcode', `barcode ${quoteCell(values.barcode ?? '')} already belongs to another product (${names(others)})`, product?.name ?? label)
  }
  if (product) return { product }
  if (values.sku === undefined) return issue('sku', 'SKU is required: no product has this barcode yet')
  if (values.name === undefined) return issue('name', 'name is required for a new product')
  return { product: undefined }
}

function planNew(row: ImportRow, currency: string): { planned: PlannedRow; payload: ImportPayloadRow } {
  const changes = Object.entries(row.values).map(([column, value]) => ({
    column: column as ImportColumn,
    old: null,
    new: shown(column as ImportColumn, value, currency),
  }))
  const planned = { line: row.line, productId: null, name: row.values.name ?? '', sku: row.values.sku ?? null, changes, kept: [] }
  return { planned, payload: { ...row.values, was: null } }
}

function planUpdate(row: ImportRow, product: CatalogueProduct, columns: ImportColumn[], currency: string) {
  const changes: PlannedChange[] = []
  const kept: KeptValue[] = []
  const payload: ImportPayloadRow = { id: product.id, was: {} }
  for (const column of UPDATABLE) {
    const given = row.values[column]
    const stored = product[column]
    if (given === undefined) {
      // a blank cell over a blank value keeps nothing worth a line ("Barcode empty (kept)" on every row)
      if (columns.includes(column) && stored !== null && stored !== '') kept.push({ column, value: shown(column, stored, currency) })
    } else if (!same(column, stored, given)) {
      changes.push({ column, old: shown(column, stored, currency), new: shown(column, given, currency) })
      Object.assign(payload, { [column]: given })
      payload.was![column] = stored
    }
  }
  const planned: PlannedRow = { line: row.line, productId: product.id, name: product.name, sku: product.sku, changes, kept }
  return { planned, payload: changes.length ? payload : null }
}

/**
 * Compares the file's rows with the catalogue: each row creates a product, changes one
 * (old → new, blank cells kept) or changes nothing. Rows are matched by SKU, or by barcode
 * when the SKU cell is blank, whatever the capitals.
 */
export function planImport(parsed: Extract<ParsedImport, { ok: true }>, catalogue: CatalogueProduct[], currency: string): ImportPlan {
  const bySku = indexBy(catalogue, 'sku')
  const byBarcode = indexBy(catalogue, 'barcode')
  const plan: ImportPlan = { rows: [], payload: [], unchanged: 0, issues: [...parsed.issues], totalRows: parsed.totalRows, ignoredColumns: parsed.ignoredColumns }
  for (const row of parsed.rows) {
    const checked = checkRow(row, findProduct(row.values, bySku, byBarcode), byBarcode)
    if ('issue' in checked) {
      plan.issues.push(checked.issue)
      continue
    }
    const { product } = checked
    const { planned, payload } = product ? planUpdate(row, product, parsed.columns, currency) : planNew(row, currency)
    if (!payload) {
      plan.unchanged += 1
      continue
    }
    plan.rows.push(planned)
    plan.payload.push(payload)
  }
  plan.issues.sort((a, b) => a.line - b.line)
  return plan
}
