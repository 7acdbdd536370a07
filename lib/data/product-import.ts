import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { CatalogueProduct, ImportPayloadRow } from '@/lib/csv/import-plan'
import { callFailure } from '@/lib/supabase/deadline-fetch'
import { allRows } from './all-rows'
import { listUnitCosts } from './product-costs'

const CATALOGUE_COLUMNS = 'id, name, sku, barcode, qty, low_stock_threshold, target_qty, unit_price'

/** Every product of the shop with its cost. */
export async function listCatalogueForImport(supabase: SupabaseClient, shopId: string): Promise<CatalogueProduct[]> {
  const costs = listUnitCosts(supabase, shopId)
  const products = await allRows((from, to) =>
    supabase.from('products').select(CATALOGUE_COLUMNS).eq('shop_id', shopId).order('id').range(from, to).overrideTypes<Omit<CatalogueProduct, 'unit_cost'>[], { merge: false }>(),
  )
  const known = await costs
  return products.map((product) => ({ ...product, unit_cost: known.get(product.id) ?? null }))
}

export interface ImportCounts {
  created: number
  updated: number
  adjusted: number
}

export type ImportResult =
  | { ok: true; counts: ImportCounts }
  | { ok: false; message: string; stale?: boolean }

export const STALE_IMPORT_MESSAGE = 'The catalogue changed since the preview: check the new preview, then import again'

const ROW_ORDER = ['id', 'sku', 'name', 'barcode', 'qty', 'low_stock_threshold', 'target_qty', 'unit_cost', 'unit_price', 'was'] as const

/** The array form import_products() also reads: a 5,000-row import stays about the size of its file. */
const compact = (row: ImportPayloadRow) => ROW_ORDER.map((key) => row[key] ?? null)

/** Every row in one transaction: all of them are written, or none. */
export async function importProducts(
  supabase: SupabaseClient,
  rows: ImportPayloadRow[],
  requestId: string,
): Promise<ImportResult> {
  const { data, error, status } = await supabase.rpc('import_products', { p_rows: rows.map(compact), p_request_id: requestId })
  if (error?.code === '40001') return { ok: false, message: STALE_IMPORT_MESSAGE, stale: true }
  if (error?.code === '23505') {
    // a product added since the preview took one of the codes (codes are the same whatever their capitals)
    const code = /products_shop_sku/.test(`${error.message} ${error.details ?? ''}`) ? 'SKUs' : 'barcodes'
    return { ok: false, message: `Another product already uses one of these ${code}: nothing was imported` }
  }
  if (error?.code === '22023' || error?.code === 'P0002') return { ok: false, message: error.message }
  if (status === 413) return { ok: false, message: 'The import is too large to send in one go: split the file in two' }
  if (error) throw callFailure(error)
  return { ok: true, counts: data as ImportCounts }
}
