import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { AnalyserKind, PhotoAnalysis } from '@/lib/counting/analyser'
import type { CameraTime } from '@/lib/stocktakes/camera-time'
import { previewPathOf, STOCK_PHOTOS_BUCKET, type Side } from '@/lib/stocktakes/photo-path'
import { fail, ruleBroken } from './stocktakes'

export type PhotoStatus = 'pending' | 'analysing' | 'analysed' | 'failed'

export interface StocktakePhoto {
  id: string
  side: Side
  storage_path: string
  taken_at: string
  time_source: 'camera' | 'uploaded'
  status: PhotoStatus
  error: string | null
  codes_found: number | null
  analyser: AnalyserKind | null
  width: number | null
  height: number | null
  /** where its codes were read: on the phone, or by the server's job */
  counted_on: CountedOn | null
  /** the stored file is a sheet of label crops: the photo stayed on the phone */
  kept_on_device: boolean
}

export type CountedOn = 'device' | 'server'

const PHOTO_COLUMNS = 'id, side, storage_path, taken_at, time_source, status, error, codes_found, analyser, width, height, counted_on, kept_on_device'

export async function listPhotos(supabase: SupabaseClient, sessionId: string): Promise<StocktakePhoto[]> {
  const { data, error } = await supabase
    .from('count_photos')
    .select(PHOTO_COLUMNS)
    .eq('session_id', sessionId)
    .order('side', { ascending: false })
    // The order the owner added them in: a changed photo keeps its place, an undone removal goes back to it.
    .order('created_at')
    .order('id')
  fail(error)
  return (data ?? []) as StocktakePhoto[]
}

/**
 * Records a photo in the stocktake; the database sets its time and refuses one that breaks the rules.
 * With `replaces`, the new photo takes that photo's place in one transaction: both or neither.
 */
export async function addPhoto(
  supabase: SupabaseClient,
  photo: { sessionId: string; side: Side; path: string; camera: CameraTime | null; pickedAt?: string; width: number; height: number; replaces?: string },
): Promise<{ ok: true; photoId: string } | { ok: false; message: string; already?: true }> {
  const args = {
    p_session_id: photo.sessionId,
    p_side: photo.side,
    p_storage_path: photo.path,
    p_camera_time: photo.camera?.local ?? null,
    p_camera_offset: photo.camera?.offset ?? null,
    p_width: photo.width,
    p_height: photo.height,
    p_picked_at: photo.pickedAt ?? null,
  }
  const { data, error } = photo.replaces
    ? await supabase.rpc('replace_count_photo', { p_photo_id: photo.replaces, ...args })
    : await supabase.rpc('add_count_photo', args)
  // The same file recorded by another request (a retried upload whose first answer was lost).
  if (error?.code === '23505') return { ok: false, message: 'This photo is already in the stocktake', already: true }
  const result = ruleBroken(error)
  return result.ok ? { ok: true, photoId: (data as { id: string }).id } : result
}

/** The photo of the stocktake stored at `path`, if one is: a retried upload finds itself recorded already. */
export async function photoAtPath(supabase: SupabaseClient, sessionId: string, path: string): Promise<string | null> {
  const { data, error } = await supabase.from('count_photos').select('id').eq('session_id', sessionId).eq('storage_path', path).maybeSingle()
  fail(error)
  return (data?.id as string | undefined) ?? null
}

/** Where a photo of the stocktake is stored; null when it is not (or no longer) in it. */
export async function photoPath(supabase: SupabaseClient, sessionId: string, photoId: string): Promise<string | null> {
  const { data, error } = await supabase.from('count_photos').select('storage_path').eq('session_id', sessionId).eq('id', photoId).maybeSingle()
  fail(error)
  return (data?.storage_path as string | undefined) ?? null
}

export async function downloadPhoto(supabase: SupabaseClient, path: string): Promise<Buffer | null> {
  const { data, error } = await supabase.storage.from(STOCK_PHOTOS_BUCKET).download(path)
  if (error || !data) return null
  return Buffer.from(await data.arrayBuffer())
}

/** Every file in a stocktake's folder, recorded or not (an upload whose check failed, a tab closed mid-way). */
export async function removeFolder(supabase: SupabaseClient, shopId: string, sessionId: string): Promise<number> {
  const bucket = supabase.storage.from(STOCK_PHOTOS_BUCKET)
  const folder = `${shopId}/${sessionId}`
  let removed = 0
  for (;;) {
    const { data, error } = await bucket.list(folder, { limit: 100 })
    fail(error)
    const paths = (data ?? []).filter((item) => item.id !== null).map((item) => `${folder}/${item.name}`)
    if (paths.length === 0) return removed
    const { data: gone, error: removeError } = await bucket.remove(paths)
    fail(removeError)
    // Nothing removed means storage refused quietly: stop rather than list the same files forever.
    if (!gone?.length) throw new Error(`The photos in ${folder} could not be removed`)
    removed += gone.length
  }
}

export async function removePhotoFile(supabase: SupabaseClient, path: string): Promise<void> {
  await supabase.storage.from(STOCK_PHOTOS_BUCKET).remove([path, previewPathOf(path)])
}

/** Short-lived links for showing the private photos. */
export async function signedPhotoUrls(supabase: SupabaseClient, paths: string[], seconds = 300): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map()
  const { data, error } = await supabase.storage.from(STOCK_PHOTOS_BUCKET).createSignedUrls(paths, seconds)
  fail(error)
  return new Map((data ?? []).flatMap((item) => (item.path && item.signedUrl ? [[item.path, item.signedUrl] as const] : [])))
}

/** Short-lived links to the photos' previews, by photo path; a photo without one is linked itself. */
export async function signedPreviewUrls(supabase: SupabaseClient, paths: string[], seconds = 300): Promise<Map<string, string>> {
  const previews = await signedPhotoUrls(supabase, paths.map(previewPathOf), seconds)
  const shown = new Map(paths.flatMap((path) => (previews.has(previewPathOf(path)) ? [[path, previews.get(previewPathOf(path))!] as const] : [])))
  const missing = paths.filter((path) => !shown.has(path))
  for (const [path, url] of await signedPhotoUrls(supabase, missing, seconds)) shown.set(path, url)
  return shown
}

/** The next photo waiting to be counted, taken for this job alone; null when none is left. */
export async function claimPhoto(supabase: SupabaseClient, sessionId: string): Promise<(StocktakePhoto & { shop_id: string }) | null> {
  const { data, error } = await supabase.rpc('claim_count_photo', { p_session_id: sessionId })
  fail(error)
  return ((data ?? []) as (StocktakePhoto & { shop_id: string })[])[0] ?? null
}

/** Takes one photo waiting to be counted for the caller (a phone's count of it), unless a job took it first. */
export async function claimPhotoById(supabase: SupabaseClient, photoId: string): Promise<boolean> {
  const { data, error } = await supabase.from('count_photos').update({ status: 'analysing', claimed_at: new Date().toISOString() }).eq('id', photoId).eq('status', 'pending').select('id')
  fail(error)
  return (data ?? []).length > 0
}

/** A photo back in the queue, for the server's count. */
export async function requeuePhoto(supabase: SupabaseClient, photoId: string): Promise<void> {
  fail((await supabase.from('count_photos').update({ status: 'pending', error: null, claimed_at: null }).eq('id', photoId)).error)
}

/** Failed photos go back in the queue. */
export async function retryFailedPhotos(supabase: SupabaseClient, sessionId: string): Promise<void> {
  fail((await supabase.from('count_photos').update({ status: 'pending', error: null }).eq('session_id', sessionId).eq('status', 'failed')).error)
}

/** Replaces what was recorded for one photo with a new analysis. */
export async function recordAnalysis(
  supabase: SupabaseClient,
  ids: { photo_id: string; session_id: string; shop_id: string },
  analysis: PhotoAnalysis,
  where: { countedOn: CountedOn; keptOnDevice?: boolean } = { countedOn: 'server' },
): Promise<number> {
  fail((await supabase.from('count_lines').delete().eq('photo_id', ids.photo_id)).error)
  fail((await supabase.from('count_unmatched').delete().eq('photo_id', ids.photo_id)).error)
  const lines = analysis.counts
    .filter((line) => line.count > 0)
    .map(({ productId, count, confidence, box }) => ({
      ...ids,
      product_id: productId,
      count,
      confidence,
      analyser: analysis.analyser,
      ...(box ? { box_x: box.x, box_y: box.y, box_w: Math.max(1, box.width), box_h: Math.max(1, box.height) } : {}),
    }))
  if (lines.length > 0) fail((await supabase.from('count_lines').insert(lines)).error)
  const unmatched = analysis.unmatched
    .slice(0, 200)
    .map((item) => ({
      ...ids,
      label: item.label.slice(0, 300) || '?',
      format: item.format?.slice(0, 40) ?? null,
      count: item.count,
      ...(item.matches ? { matches: item.matches.slice(0, 20) } : {}),
    }))
  if (unmatched.length > 0) fail((await supabase.from('count_unmatched').insert(unmatched)).error)
  const found = lines.reduce((sum, line) => sum + line.count, 0) + unmatched.reduce((sum, item) => sum + item.count, 0)
  const usage = analysis.usage
  fail(
    (
      await supabase
        .from('count_photos')
        .update({
          status: 'analysed',
          error: null,
          codes_found: found,
          analysed_at: new Date().toISOString(),
          analyser: analysis.analyser,
          counted_on: where.countedOn,
          ...(where.keptOnDevice === undefined ? {} : { kept_on_device: where.keptOnDevice }),
          prompt_tokens: usage?.promptTokens ?? 0,
          completion_tokens: usage?.completionTokens ?? 0,
          cost_usd: usage?.costUsd == null ? null : usage.costUsd.toFixed(6),
        })
        .eq('id', ids.photo_id)
    ).error,
  )
  return found
}

export async function markPhotoFailed(supabase: SupabaseClient, photoId: string, message: string): Promise<void> {
  fail((await supabase.from('count_photos').update({ status: 'failed', error: message.slice(0, 500) }).eq('id', photoId)).error)
}
