import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { CatalogueItem } from '@/lib/counting/analyser'
import type { CatalogueData } from '@/lib/products/catalogue'
import type { CodedProduct } from '@/lib/products/code-clashes'
import type { ProductRecord } from '@/lib/products/product-record'
import type { ProductFieldsInput } from '@/lib/validations/product'
import { callFailure } from '@/lib/supabase/deadline-fetch'
import { allRows } from './all-rows'
import { getUnitCost } from './product-costs'

const LIST_COLUMNS = 'id, name, sku, image_url, qty, low_stock_threshold'

/**
 * The caller's shop and its whole catalogue, by name, in one request (RLS): what
 * the counter list filters on the phone. Null when the caller has no shop.
 */
export async function getCatalogue(supabase: SupabaseClient): Promise<CatalogueData | null> {
  const { data, error } = await supabase.rpc('catalogue')
  if (error) throw callFailure(error)
  return (data as CatalogueData | null) ?? null
}

export type Product = ProductRecord

// unit_cost is not among them: no member may read it from products (see product-costs.ts).
const PRODUCT_COLUMNS = `${LIST_COLUMNS}, barcode, target_qty, unit_price`

/** One product of the caller's shop (RLS), or null; its cost only when asked for (the owner's and managers' pages), else null. */
export async function getProduct(supabase: SupabaseClient, id: string, { cost = false } = {}): Promise<Product | null> {
  const [{ data }, unitCost] = await Promise.all([
    supabase.from('products').select(PRODUCT_COLUMNS).eq('id', id).maybeSingle<Omit<Product, 'unit_cost'>>().throwOnError(),
    cost ? getUnitCost(supabase, id) : null,
  ])
  return data && { ...data, unit_cost: unitCost }
}

export type ProductWriteResult =
  | { ok: true; id: string }
  | { ok: false; field?: 'sku' | 'barcode'; message: string }

// Codes are unique per shop whatever their capitals (migration 20261126002300):
// the exact constraint, or the trigger and index on lower(), which hint the code in the way.
const UNIQUE_FIELDS = [
  { constraints: ['products_shop_sku_key', 'products_shop_sku_lower_key'], field: 'sku', label: 'SKU' },
  { constraints: ['products_shop_barcode_key', 'products_shop_barcode_lower_key'], field: 'barcode', label: 'barcode' },
] as const

interface DbError {
  code: string
  message: string
  details?: string | null
  hint?: string | null
}

/** A unique violation names its constraint; map it onto the form field. Anything else is unexpected. */
function uniqueViolation(error: DbError, input: Partial<ProductFieldsInput>): ProductWriteResult | null {
  if (error.code !== '23505') return null
  const text = `${error.message} ${error.details ?? ''}`
  const hit = UNIQUE_FIELDS.find(({ constraints }) => constraints.some((name) => text.includes(name)))
  if (!hit) return null
  if (!text.includes('_lower_key') || error.hint === input[hit.field]) {
    return { ok: false, field: hit.field, message: `A product with this ${hit.label} already exists` }
  }
  // the trigger names the other product's code; the index (once made) cannot
  const other = error.hint ? `the ${hit.label} ${error.hint}` : `this ${hit.label} in other capitals`
  return { ok: false, field: hit.field, message: `Another product has ${other}: ${hit.label === 'SKU' ? 'SKUs' : 'barcodes'} are the same whatever their capitals` }
}

function writeResult(data: { id: string } | null, error: DbError | null, input: Partial<ProductFieldsInput>): ProductWriteResult {
  if (error) {
    const mapped = uniqueViolation(error, input)
    if (mapped) return mapped
    throw callFailure(error)
  }
  if (!data) return { ok: false, message: 'Product not found' }
  return { ok: true, id: data.id }
}

/**
 * A new product. The same request id again (the first answer was lost) makes no second one: the
 * product it made is given back, with the fields as sent now (its stock is the ledger's).
 */
export async function insertProduct(
  supabase: SupabaseClient,
  shopId: string,
  { request_id, ...input }: ProductFieldsInput & { qty: number; request_id?: string },
): Promise<ProductWriteResult> {
  const { data, error } = await supabase
    .from('products')
    .insert({ ...input, shop_id: shopId, request_id })
    .select('id')
    .single<{ id: string }>()
  // Any unique violation: the repeat may collide on its own SKU before its request id.
  if (error?.code === '23505' && request_id) {
    const { data: made } = await supabase.from('products').select('id').eq('shop_id', shopId).eq('request_id', request_id).maybeSingle<{ id: string }>().throwOnError()
    if (made) {
      const { qty: _, ...fields } = input
      return updateProduct(supabase, made.id, fields)
    }
  }
  return writeResult(data, error, input)
}

/** qty is not in the update: stock changes only through the ledger. */
export async function updateProduct(
  supabase: SupabaseClient,
  id: string,
  input: ProductFieldsInput,
): Promise<ProductWriteResult> {
  const { data, error } = await supabase
    .from('products')
    .update(input)
    .eq('id', id)
    .select('id')
    .maybeSingle<{ id: string }>()
  return writeResult(data, error, input)
}

/** The other products of its shop whose SKU or barcode is this product's but for capitals (made before codes ignored case). */
export async function getCodeTwins(supabase: SupabaseClient, id: string): Promise<CodedProduct[]> {
  const { data } = await supabase.rpc('product_code_twins', { p_product_id: id }).throwOnError()
  return (data ?? []) as CodedProduct[]
}

/** Deletes the product (and, by cascade, its ledger); returns what was deleted or null. */
export async function deleteProduct(
  supabase: SupabaseClient,
  id: string,
): Promise<{ id: string; image_url: string | null } | null> {
  const { data } = await supabase
    .from('products')
    .delete()
    .eq('id', id)
    .select('id, image_url')
    .maybeSingle<{ id: string; image_url: string | null }>()
    .throwOnError()
  return data
}

export type ExportProduct = Omit<Product, 'id' | 'image_url'>
const EXPORT_COLUMNS = 'id, name, sku, barcode, qty, low_stock_threshold, target_qty, unit_price'

/** Rows [from, to] of the shop's catalogue in a stable order, for the CSV export; the costs from `costs`. */
export async function listProductsForExport(
  supabase: SupabaseClient,
  shopId: string,
  from: number,
  to: number,
  costs: ReadonlyMap<string, number>,
): Promise<ExportProduct[]> {
  const { data } = await supabase
    .from('products')
    .select(EXPORT_COLUMNS)
    .eq('shop_id', shopId)
    .order('name')
    .order('id')
    .range(from, to)
    .overrideTypes<(Omit<ExportProduct, 'unit_cost'> & { id: string })[], { merge: false }>()
    .throwOnError()
  return data.map(({ id, ...row }) => ({ ...row, unit_cost: costs.get(id) ?? null }))
}

export interface LabelProduct {
  id: string
  name: string
  sku: string
  qty: number
}

export interface LabelCandidates {
  /** products with a SKU and no barcode, by name: rows [from, to] of them */
  printable: LabelProduct[]
  printableTotal: number
  /** where `printable` starts: 0 when `from` was past the end */
  from: number
  /** products with neither SKU nor barcode, by name: the first `needSkuLimit` */
  needSku: { id: string; name: string }[]
  needSkuTotal: number
  withBarcode: number
}

/** The shop's products sorted for printed QR labels: a product with a barcode needs none, one without a SKU cannot have one. */
export async function listLabelCandidates(
  supabase: SupabaseClient,
  shopId: string,
  { from, to, needSkuLimit }: { from: number; to: number; needSkuLimit: number },
): Promise<LabelCandidates> {
  const withoutBarcode = (columns: string) =>
    supabase.from('products').select(columns, { count: 'exact' }).eq('shop_id', shopId).is('barcode', null).order('name').order('id')
  const [printable, needSku, withBarcode] = await Promise.all([
    withoutBarcode('id, name, sku, qty').not('sku', 'is', null).range(from, to).overrideTypes<LabelProduct[], { merge: false }>(),
    withoutBarcode('id, name')
      .is('sku', null)
      .limit(needSkuLimit)
      .overrideTypes<{ id: string; name: string }[], { merge: false }>()
      .throwOnError(),
    supabase.from('products').select('id', { count: 'exact', head: true }).eq('shop_id', shopId).not('barcode', 'is', null).throwOnError(),
  ])
  // Past the last set (a stale link): PostgREST answers 416; start from the first instead.
  if (printable.error?.code === 'PGRST103' && from > 0) {
    return listLabelCandidates(supabase, shopId, { from: 0, to: to - from, needSkuLimit })
  }
  if (printable.error) throw new Error(printable.error.message)
  return {
    printable: printable.data,
    printableTotal: printable.count ?? printable.data.length,
    from,
    needSku: needSku.data,
    needSkuTotal: needSku.count ?? needSku.data.length,
    withBarcode: withBarcode.count ?? 0,
  }
}

/** The highest stock among the products that get a QR label (0 when none): how many labels one of them may need. */
export async function maxLabelQty(supabase: SupabaseClient, shopId: string): Promise<number> {
  const { data } = await supabase
    .from('products')
    .select('qty')
    .eq('shop_id', shopId)
    .is('barcode', null)
    .not('sku', 'is', null)
    .order('qty', { ascending: false })
    .limit(1)
    .overrideTypes<{ qty: number }[], { merge: false }>()
    .throwOnError()
  return data[0]?.qty ?? 0
}

/** The shop's products as the counting analysers see them, by name. */
export async function listCountingCatalogue(supabase: SupabaseClient, shopId: string): Promise<CatalogueItem[]> {
  const products = await allRows((from, to) =>
    supabase.from('products').select('id, name, sku, barcode, image_url').eq('shop_id', shopId).order('name').order('id').range(from, to),
  )
  return products.map((p) => ({ id: p.id, name: p.name, sku: p.sku, barcode: p.barcode, imageUrl: p.image_url }))
}
