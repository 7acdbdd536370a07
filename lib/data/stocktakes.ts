import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { PhotoAnalysis } from '@/lib/counting/analyser'
import { STOCK_PHOTOS_BUCKET, type Side } from '@/lib/stocktakes/photo-path'
import type { ConfirmedCount } from '@/lib/validations/stocktake'

export type StocktakeStatus = 'uploading' | 'analysing' | 'review' | 'failed' | 'confirmed'

export interface Stocktake {
  id: string
  shop_id: string
  status: StocktakeStatus
  analyser: 'barcode' | 'vision' | null
  error: string | null
  started_at: string | null
  ended_at: string | null
  analysis_started_at: string | null
  analysed_at: string | null
  confirmed_at: string | null
  prompt_tokens: number
  completion_tokens: number
  cost_usd: string | null
  created_at: string
}

export interface StocktakePhoto {
  id: string
  side: Side
  storage_path: string
  taken_at: string
  status: 'pending' | 'analysed' | 'failed'
  error: string | null
  codes_found: number | null
}

export interface ReviewRow {
  product_id: string
  name: string
  sku: string | null
  qty: number
  low_stock_threshold: number
  start_count: number
  end_count: number
  confidence: number | null
  analysers: string | null
  received: number
  sold: number
}

const fail = (error: { message: string } | null) => {
  if (error) throw new Error(error.message)
}

export async function createStocktake(supabase: SupabaseClient, shopId: string): Promise<string> {
  const { data, error } = await supabase.from('count_sessions').insert({ shop_id: shopId }).select('id').single()
  fail(error)
  return data!.id as string
}

/** The caller's stocktake, or null (RLS hides other shops'). */
export async function getStocktake(supabase: SupabaseClient, id: string): Promise<Stocktake | null> {
  const { data, error } = await supabase.from('count_sessions').select('*').eq('id', id).maybeSingle()
  fail(error)
  return data as Stocktake | null
}

/** The session's status and its photos' statuses in one request: what the upload page polls. */
export async function getStocktakeProgress(
  supabase: SupabaseClient,
  id: string,
): Promise<{ status: StocktakeStatus; error: string | null; photos: { status: StocktakePhoto['status'] }[] } | null> {
  const { data, error } = await supabase.from('count_sessions').select('status, error, photos:count_photos(status)').eq('id', id).maybeSingle()
  fail(error)
  return data as { status: StocktakeStatus; error: string | null; photos: { status: StocktakePhoto['status'] }[] } | null
}

/** How many photos one side of a stocktake has. */
export async function countPhotos(supabase: SupabaseClient, sessionId: string, side: Side): Promise<number> {
  const { count, error } = await supabase.from('count_photos').select('id', { count: 'exact', head: true }).eq('session_id', sessionId).eq('side', side)
  fail(error)
  return count ?? 0
}

export async function recentStocktakes(supabase: SupabaseClient, shopId: string, limit = 5): Promise<Stocktake[]> {
  const { data, error } = await supabase
    .from('count_sessions')
    .select('*')
    .eq('shop_id', shopId)
    .neq('status', 'uploading')
    .order('created_at', { ascending: false })
    .limit(limit)
  fail(error)
  return (data ?? []) as Stocktake[]
}

export async function updateStocktake(supabase: SupabaseClient, id: string, change: Partial<Stocktake>): Promise<void> {
  const { error } = await supabase.from('count_sessions').update(change).eq('id', id)
  fail(error)
}

export async function listPhotos(supabase: SupabaseClient, sessionId: string): Promise<StocktakePhoto[]> {
  const { data, error } = await supabase
    .from('count_photos')
    .select('id, side, storage_path, taken_at, status, error, codes_found')
    .eq('session_id', sessionId)
    .order('side', { ascending: false })
    .order('created_at')
  fail(error)
  return (data ?? []) as StocktakePhoto[]
}

export async function addPhoto(
  supabase: SupabaseClient,
  photo: { session_id: string; shop_id: string; side: Side; storage_path: string; taken_at: string },
): Promise<string | null> {
  const { data, error } = await supabase.from('count_photos').insert(photo).select('id').single()
  if (error?.code === '23505') return null
  fail(error)
  return data!.id as string
}

export async function downloadPhoto(supabase: SupabaseClient, path: string): Promise<Buffer | null> {
  const { data, error } = await supabase.storage.from(STOCK_PHOTOS_BUCKET).download(path)
  if (error || !data) return null
  return Buffer.from(await data.arrayBuffer())
}

export async function removePhotoFile(supabase: SupabaseClient, path: string): Promise<void> {
  await supabase.storage.from(STOCK_PHOTOS_BUCKET).remove([path])
}

/** Short-lived links for showing the private photos. */
export async function signedPhotoUrls(supabase: SupabaseClient, paths: string[], seconds = 300): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map()
  const { data, error } = await supabase.storage.from(STOCK_PHOTOS_BUCKET).createSignedUrls(paths, seconds)
  fail(error)
  return new Map((data ?? []).flatMap((item) => (item.path && item.signedUrl ? [[item.path, item.signedUrl] as const] : [])))
}

/** Replaces what was recorded for one photo with a new analysis. */
export async function recordAnalysis(
  supabase: SupabaseClient,
  ids: { photo_id: string; session_id: string; shop_id: string },
  analysis: PhotoAnalysis,
): Promise<number> {
  fail((await supabase.from('count_lines').delete().eq('photo_id', ids.photo_id)).error)
  fail((await supabase.from('count_unmatched').delete().eq('photo_id', ids.photo_id)).error)
  const lines = analysis.counts
    .filter((line) => line.count > 0)
    .map((line) => ({ ...ids, product_id: line.productId, count: line.count, confidence: line.confidence, analyser: analysis.analyser }))
  if (lines.length > 0) fail((await supabase.from('count_lines').insert(lines)).error)
  const unmatched = analysis.unmatched
    .slice(0, 200)
    .map((item) => ({ ...ids, label: item.label.slice(0, 300) || '?', format: item.format?.slice(0, 40) ?? null, count: item.count }))
  if (unmatched.length > 0) fail((await supabase.from('count_unmatched').insert(unmatched)).error)
  const found = lines.reduce((sum, line) => sum + line.count, 0) + unmatched.reduce((sum, item) => sum + item.count, 0)
  fail(
    (await supabase.from('count_photos').update({ status: 'analysed', error: null, codes_found: found, analysed_at: new Date().toISOString() }).eq('id', ids.photo_id)).error,
  )
  return found
}

export async function markPhotoFailed(supabase: SupabaseClient, photoId: string, message: string): Promise<void> {
  fail((await supabase.from('count_photos').update({ status: 'failed', error: message.slice(0, 500) }).eq('id', photoId)).error)
}

export async function reviewRows(supabase: SupabaseClient, sessionId: string): Promise<ReviewRow[]> {
  const { data, error } = await supabase.rpc('count_session_review', { p_session_id: sessionId })
  fail(error)
  return ((data ?? []) as ReviewRow[]).map((row) => ({ ...row, confidence: row.confidence === null ? null : Number(row.confidence) }))
}

export interface UnmatchedCode {
  label: string
  format: string | null
  side: Side
  count: number
}

export async function unmatchedCodes(supabase: SupabaseClient, sessionId: string): Promise<UnmatchedCode[]> {
  const { data, error } = await supabase
    .from('count_unmatched')
    .select('label, format, count, count_photos(side)')
    .eq('session_id', sessionId)
    .order('label')
    .limit(500)
  fail(error)
  const merged = new Map<string, UnmatchedCode>()
  for (const row of (data ?? []) as unknown as { label: string; format: string | null; count: number; count_photos: { side: Side } }[]) {
    const key = `${row.count_photos.side}\u0000${row.format}\u0000${row.label}`
    const entry = merged.get(key) ?? { label: row.label, format: row.format, side: row.count_photos.side, count: 0 }
    entry.count += row.count
    merged.set(key, entry)
  }
  return [...merged.values()]
}

/** For a confirmed stocktake: the rows with the numbers the owner confirmed and the stock they left. */
export async function confirmedRows(supabase: SupabaseClient, sessionId: string, rows: ReviewRow[]): Promise<ReviewRow[]> {
  const { data, error } = await supabase
    .from('count_results')
    .select('product_id, start_count, end_count, qty_after')
    .eq('session_id', sessionId)
  fail(error)
  const results = new Map((data ?? []).map((result) => [result.product_id as string, result]))
  return rows.map((row) => {
    const result = results.get(row.product_id)
    return result ? { ...row, start_count: result.start_count, end_count: result.end_count, qty: result.qty_after } : row
  })
}

export type ConfirmResult = { ok: true; changed: number; alreadyConfirmed: boolean } | { ok: false; message: string }

export async function confirmStocktake(supabase: SupabaseClient, sessionId: string, counts: ConfirmedCount[]): Promise<ConfirmResult> {
  const { data, error } = await supabase.rpc('confirm_count_session', { p_session_id: sessionId, p_counts: counts })
  if (error && ['P0002', '22023', '23514'].includes(error.code)) return { ok: false, message: error.message }
  fail(error)
  const result = data as { changed: number; already_confirmed: boolean }
  return { ok: true, changed: result.changed, alreadyConfirmed: result.already_confirmed }
}
