import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { reviewSchema, type Review } from '@/lib/stocktakes/review'
import type { Side } from '@/lib/stocktakes/photo-path'
import type { ReviewEdit } from '@/lib/validations/stocktake'
import { allRows } from './all-rows'
import { fail, setCoverage } from './stocktakes'

/**
 * Every number of the review, worked out by the database (count_session_review):
 * the same computation confirming books, with the version that confirming
 * must be given back. Null when the stocktake is not the caller's.
 */
export async function getReview(supabase: SupabaseClient, sessionId: string): Promise<Review | null> {
  const { data, error } = await supabase.rpc('count_session_review', { p_session_id: sessionId })
  fail(error)
  return data === null ? null : reviewSchema.parse(data)
}

const EDIT_COLUMN = { start_count: 'start_count', end_count: 'end_count', moved: 'moved', product_coverage: 'coverage', absent: 'absent' } as const

/** Keeps one change of the owner's until they confirm (a stocktake that is not open refuses it: RLS). */
export async function saveEdit(supabase: SupabaseClient, shopId: string, edit: ReviewEdit): Promise<boolean> {
  if (edit.field === 'coverage') {
    await setCoverage(supabase, edit.session_id, edit.value)
    return true
  }
  const value = edit.field === 'product_coverage' && edit.value === 'default' ? null : edit.value
  const { data, error } = await supabase
    .from('count_edits')
    .upsert(
      { session_id: edit.session_id, shop_id: shopId, product_id: edit.product_id, [EDIT_COLUMN[edit.field]]: value },
      { onConflict: 'session_id,product_id' },
    )
    .select('product_id')
  // A product of another shop, or one deleted since: the foreign key says no.
  if (error?.code === '23503') return false
  if (error?.code === '42501') return false
  fail(error)
  return (data ?? []).length > 0
}

export type ConfirmResult =
  | { ok: true; changed: number; movements: number; alreadyConfirmed: boolean }
  | { ok: false; stale: boolean; message: string }

/** Books the review whose version the owner saw, or nothing (stale: the ledger moved since). */
export async function confirmReview(supabase: SupabaseClient, sessionId: string, version: string): Promise<ConfirmResult> {
  const { data, error } = await supabase.rpc('confirm_count_session', { p_session_id: sessionId, p_version: version })
  if (error?.code === 'PT409') return { ok: false, stale: true, message: error.message }
  // 42501: staff, where the owner has not let them confirm (the page says so before they try)
  if (error && ['P0002', '22023', '23514', '42501'].includes(error.code)) return { ok: false, stale: false, message: error.message }
  fail(error)
  const result = data as { changed: number; movements: number; already_confirmed: boolean }
  return { ok: true, changed: result.changed, movements: result.movements, alreadyConfirmed: result.already_confirmed }
}

export interface UnmatchedCode {
  label: string
  format: string | null
  side: Side
  count: number
  /** the products the code fits when it fits more than one, as they are now (empty: it fits none) */
  matches: { id: string; name: string; sku: string | null; barcode: string | null }[]
}

interface UnmatchedRow {
  label: string
  format: string | null
  count: number
  matches: string[] | null
  count_photos: { side: Side }
}

export async function unmatchedCodes(supabase: SupabaseClient, sessionId: string): Promise<UnmatchedCode[]> {
  const { data, error } = await supabase
    .from('count_unmatched')
    .select('label, format, count, matches, count_photos(side)')
    .eq('session_id', sessionId)
    .order('label')
    .limit(500)
  fail(error)
  const rows = (data ?? []) as unknown as UnmatchedRow[]
  const ids = [...new Set(rows.flatMap((row) => row.matches ?? []))]
  const products = new Map<string, UnmatchedCode['matches'][number]>()
  if (ids.length > 0) {
    const found = await supabase.from('products').select('id, name, sku, barcode').in('id', ids)
    fail(found.error)
    for (const product of found.data ?? []) products.set(product.id, product)
  }
  const merged = new Map<string, UnmatchedCode>()
  for (const row of rows) {
    const key = `${row.count_photos.side}\u0000${row.format}\u0000${row.label}`
    const matches = (row.matches ?? []).flatMap((id) => products.get(id) ?? [])
    const entry = merged.get(key) ?? { label: row.label, format: row.format, side: row.count_photos.side, count: 0, matches }
    entry.count += row.count
    merged.set(key, entry)
  }
  return [...merged.values()]
}

/** Where in which photo each product's label was found, preferring the evening's: the review shows that part. */
export interface ProductSighting {
  path: string
  side: Side
  width: number
  height: number
  box: { x: number; y: number; width: number; height: number }
}

export async function productSightings(supabase: SupabaseClient, sessionId: string): Promise<Map<string, ProductSighting>> {
  const data = await allRows((from, to) =>
    supabase
      .from('count_lines')
      .select('product_id, box_x, box_y, box_w, box_h, count_photos(storage_path, side, width, height)')
      .eq('session_id', sessionId)
      .not('box_w', 'is', null)
      .order('photo_id')
      .order('product_id')
      .range(from, to),
  )
  type Row = { product_id: string; box_x: number; box_y: number; box_w: number; box_h: number; count_photos: { storage_path: string; side: Side; width: number | null; height: number | null } }
  const sightings = new Map<string, ProductSighting>()
  for (const row of data as unknown as Row[]) {
    const photo = row.count_photos
    if (!photo.width || !photo.height) continue
    const known = sightings.get(row.product_id)
    if (known && (known.side === 'end' || photo.side === 'start')) continue
    sightings.set(row.product_id, {
      path: photo.storage_path,
      side: photo.side,
      width: photo.width,
      height: photo.height,
      box: { x: row.box_x, y: row.box_y, width: row.box_w, height: row.box_h },
    })
  }
  return sightings
}

export interface SideCount {
  productId: string
  name: string
  count: number
}

/** What each side's photos counted so far, per product: the morning count is on screen before the evening. */
export async function sideCounts(supabase: SupabaseClient, sessionId: string): Promise<Record<Side, SideCount[]>> {
  const data = await allRows((from, to) =>
    supabase
      .from('count_lines')
      .select('product_id, count, products(name), count_photos(side)')
      .eq('session_id', sessionId)
      .order('photo_id')
      .order('product_id')
      .range(from, to),
  )
  const sides: Record<Side, Map<string, SideCount>> = { start: new Map(), end: new Map() }
  for (const row of data as unknown as { product_id: string; count: number; products: { name: string }; count_photos: { side: Side } }[]) {
    const side = sides[row.count_photos.side]
    const entry = side.get(row.product_id) ?? { productId: row.product_id, name: row.products.name, count: 0 }
    entry.count += row.count
    side.set(row.product_id, entry)
  }
  const sorted = (side: Map<string, SideCount>) => [...side.values()].sort((a, b) => a.name.localeCompare(b.name))
  return { start: sorted(sides.start), end: sorted(sides.end) }
}
