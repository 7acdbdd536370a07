import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'

export interface ProductListItem {
  id: string
  name: string
  sku: string | null
  image_url: string | null
  qty: number
  low_stock_threshold: number
}

export interface ProductPage {
  products: ProductListItem[]
  total: number
  page: number
  pageCount: number
}

export const PRODUCTS_PAGE_SIZE = 24

const LIST_COLUMNS = 'id, name, sku, image_url, qty, low_stock_threshold'

/** `%text%` for ilike, with the LIKE wildcards in the user's text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** A value inside a PostgREST or=(…) list: quoted, so commas, dots and parentheses stay text. */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`
}

/** One page of the shop's catalogue by name; `search` matches name or SKU, case-insensitive. */
export async function listProducts(
  supabase: SupabaseClient,
  shopId: string,
  { search = '', page = 1 }: { search?: string; page?: number } = {},
): Promise<ProductPage> {
  const from = (page - 1) * PRODUCTS_PAGE_SIZE
  let query = supabase
    .from('products')
    .select(LIST_COLUMNS, { count: 'exact' })
    .eq('shop_id', shopId)
    .order('name')
    .order('id')
    .range(from, from + PRODUCTS_PAGE_SIZE - 1)
  const text = search.trim()
  if (text) {
    const pattern = quoteFilterValue(containsPattern(text))
    query = query.or(`name.ilike.${pattern},sku.ilike.${pattern}`)
  }
  const { data, count, error } = await query.overrideTypes<ProductListItem[], { merge: false }>()
  // Past the last page (a stale link): PostgREST answers 416; show the first page instead.
  if (error?.code === 'PGRST103' && page > 1) return listProducts(supabase, shopId, { search, page: 1 })
  if (error) throw new Error(error.message)
  const total = count ?? data.length
  return { products: data, total, page, pageCount: Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE)) }
}
