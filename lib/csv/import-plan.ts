import { formatMoneyInput } from '@/lib/format/money'
import type { ProductRecord } from '@/lib/products/product-record'
import type { ImportColumn, ImportIssue, ImportRow, ImportValues, ParsedImport } from './product-import'

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

function findProduct(values: ImportValues, bySku: Map<string, CatalogueProduct>, byBarcode: Map<string, CatalogueProduct>) {
  if (values.sku !== undefined) return bySku.get(values.sku)
  return values.barcode === undefined ? undefined : byBarcode.get(values.barcode)
}

function checkRow(row: ImportRow, product: CatalogueProduct | undefined, byBarcode: Map<string, CatalogueProduct>): ImportIssue | null {
  const { line, values } = row
  const owner = values.barcode === undefined ? undefined : byBarcode.get(values.barcode)
  if (owner && owner !== product) {
    return { line, column: 'barcode', message: `barcode "${values.barcode}" already belongs to another product (${owner.name})` }
  }
  if (product) return null
  if (values.sku === undefined) return { line, column: 'sku', message: 'sku is required: no product has this barcode yet' }
  if (values.name === undefined) return { line, column: 'name', message: 'name is required for a new product' }
  return null
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
      if (columns.includes(column)) kept.push({ column, value: shown(column, stored, currency) })
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
 * when the SKU cell is blank.
 */
export function planImport(parsed: Extract<ParsedImport, { ok: true }>, catalogue: CatalogueProduct[], currency: string): ImportPlan {
  const bySku = new Map(catalogue.flatMap((product) => (product.sku ? [[product.sku, product] as const] : [])))
  const byBarcode = new Map(catalogue.flatMap((product) => (product.barcode ? [[product.barcode, product] as const] : [])))
  const plan: ImportPlan = { rows: [], payload: [], unchanged: 0, issues: [...parsed.issues], totalRows: parsed.totalRows, ignoredColumns: parsed.ignoredColumns }
  for (const row of parsed.rows) {
    const product = findProduct(row.values, bySku, byBarcode)
    const issue = checkRow(row, product, byBarcode)
    if (issue) {
      plan.issues.push(issue)
      continue
    }
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
