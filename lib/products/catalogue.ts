import type { ProductRecord } from './product-record'
import { isLowStock } from './stock'

/** One product as the counter list shows it. */
export interface CatalogueRow extends Pick<ProductRecord, 'id' | 'name' | 'sku' | 'barcode' | 'qty' | 'low_stock_threshold' | 'image_url'> {
  category: string | null
  /** products.updated_at, epoch ms */
  updated_at: number
  /** units on open purchase orders, not yet received */
  on_order: number
}

/** A row as catalogue() sends it: an array, in CatalogueRow's order. */
export type CatalogueTuple = [string, string, string | null, string | null, number, number, string | null, string | null, number, number]
/** Where a tuple keeps its stock quantity. */
export const TUPLE_QTY = 4

export interface CatalogueData {
  shop: { id: string; name: string }
  rows: CatalogueTuple[]
}

export function fromTuple([id, name, sku, barcode, qty, low, category, image, updated, onOrder]: CatalogueTuple): CatalogueRow {
  return { id, name, sku, barcode, qty, low_stock_threshold: low, category, image_url: image, updated_at: updated, on_order: onOrder ?? 0 }
}

/** Case- and accent-blind form of a text: "Crème Brûlée" and "creme brulee" match. */
export function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

export const STOCK_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Out of stock' },
] as const
export const SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'stock', label: 'Stock' },
  { value: 'changed', label: 'Recent' },
] as const

export type StockFilter = (typeof STOCK_FILTERS)[number]['value']
export type Sort = (typeof SORTS)[number]['value']

export interface CatalogueView {
  q: string
  stock: StockFilter
  category: string
  sort: Sort
}

export const DEFAULT_VIEW: CatalogueView = { q: '', stock: 'all', category: '', sort: 'name' }

const MAX_QUERY = 100

function pick<T extends string>(value: string | null, allowed: readonly { value: T }[], fallback: T): T {
  return allowed.find((option) => option.value === value)?.value ?? fallback
}

/** The view in the URL (?q=&stock=&category=&sort=); anything unknown is the default. */
export function viewFromParams(params: URLSearchParams): CatalogueView {
  return {
    q: (params.get('q') ?? '').replace(/\p{Cc}/gu, '').slice(0, MAX_QUERY),
    stock: pick(params.get('stock'), STOCK_FILTERS, 'all'),
    category: (params.get('category') ?? '').slice(0, MAX_QUERY),
    sort: pick(params.get('sort'), SORTS, 'name'),
  }
}

/** The URL of a view: defaults are left out, so the plain list stays /app/products. */
export function viewHref(pathname: string, view: CatalogueView): string {
  const params = new URLSearchParams()
  if (view.q) params.set('q', view.q)
  if (view.stock !== 'all') params.set('stock', view.stock)
  if (view.category) params.set('category', view.category)
  if (view.sort !== 'name') params.set('sort', view.sort)
  return params.size ? `${pathname}?${params}` : pathname
}

/** A row with its search key, made once per catalogue. */
export interface IndexedRow extends CatalogueRow {
  key: string
}

export function indexRows(rows: CatalogueRow[]): IndexedRow[] {
  return rows.map((row) => ({ ...row, key: normalise([row.name, row.sku ?? '', row.barcode ?? ''].join('\n')) }))
}

export function stockState(row: { qty: number; low_stock_threshold: number }): 'out' | 'low' | 'ok' {
  if (row.qty <= 0) return 'out'
  return isLowStock(row) ? 'low' : 'ok'
}

// The rows arrive ordered by name (the database's collation); sorting is stable, so ties keep that order.
const COMPARE: Record<Exclude<Sort, 'name'>, (a: CatalogueRow, b: CatalogueRow) => number> = {
  stock: (a, b) => a.qty - b.qty,
  changed: (a, b) => b.updated_at - a.updated_at,
}

/** The rows the view shows, in its order; `rows` must be by name. Low stock includes out of stock (the spec's rule). */
export function applyView<T extends IndexedRow>(rows: T[], view: CatalogueView): T[] {
  const needle = normalise(view.q.trim())
  const shown = rows.filter(
    (row) =>
      (!needle || row.key.includes(needle)) &&
      (view.stock === 'all' || (view.stock === 'out' ? row.qty <= 0 : isLowStock(row))) &&
      (!view.category || row.category === view.category),
  )
  return view.sort === 'name' ? shown : shown.sort(COMPARE[view.sort])
}

/** The categories in use, by name. */
export function categoriesOf(rows: CatalogueRow[]): string[] {
  return sortedCategories(rows.map((row) => row.category))
}

function sortedCategories(values: (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => !!value))].sort((a, b) => a.localeCompare(b))
}

/** Rows drawn at first and added by each "Show more": a phone screen holds about eight. */
export const ROWS_PER_STEP = 20

/** What the page draws before the phone reads the whole catalogue: the view's first rows, and its counts. */
export interface FirstView {
  rows: CatalogueRow[]
  /** rows the view matches */
  matches: number
  /** products in the catalogue */
  size: number
  categories: string[]
}

/** Worked out on the server, so that neither its render nor the phone's hydration reads all the rows. */
export function firstView(tuples: CatalogueTuple[], view: CatalogueView, count: number): FirstView {
  // The usual view (all, by name) is the rows as they came: only the drawn ones become objects.
  if (sameView(view, DEFAULT_VIEW)) {
    const categories = sortedCategories(tuples.map((tuple) => tuple[6]))
    return { rows: tuples.slice(0, count).map(fromTuple), matches: tuples.length, size: tuples.length, categories }
  }
  const rows = tuples.map(fromTuple)
  // Only a search needs the case- and accent-blind keys.
  const matches = applyView(view.q.trim() ? indexRows(rows) : (rows as IndexedRow[]), view)
  const drawn = matches.slice(0, count).map(({ key, ...row }) => row)
  return { rows: drawn, matches: matches.length, size: rows.length, categories: categoriesOf(rows) }
}

export function sameView(a: CatalogueView, b: CatalogueView): boolean {
  return a.q === b.q && a.stock === b.stock && a.category === b.category && a.sort === b.sort
}

