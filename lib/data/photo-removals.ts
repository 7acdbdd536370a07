import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { previewPathOf, STOCK_PHOTOS_BUCKET } from '@/lib/stocktakes/photo-path'
import { ruleBroken } from './stocktakes'

/**
 * How long removed photos (rows and files) are kept for Undo. The page offers
 * Undo for a few seconds; the server keeps them longer, so an Undo sent from a
 * phone on poor Wi-Fi still finds them.
 */
export const REMOVAL_KEPT_MS = 10 * 60_000

export type Removal = { ok: true; removalId: string; shopId: string; count: number } | { ok: false; message: string }

/** Takes photos out of an open stocktake at once, kept for Undo (their files stay until the removal is purged). */
export async function removePhotos(supabase: SupabaseClient, sessionId: string, ids: string[]): Promise<Removal> {
  const { data, error } = await supabase
    .rpc('remove_count_photos', { p_session_id: sessionId, p_photo_ids: ids })
    .single<{ id: string; shop_id: string; paths: string[] }>()
  const refused = ruleBroken(error)
  if (!refused.ok) return refused
  return { ok: true, removalId: data!.id, shopId: data!.shop_id, count: data!.paths.length }
}

export type Restored = { ok: true; sessionId: string; count: number; waiting: number } | { ok: false; message: string }

/** Undo: the same photos back, with their counts (`waiting`: how many of them were not counted yet). */
export async function restorePhotos(supabase: SupabaseClient, removalId: string): Promise<Restored> {
  const { data, error } = await supabase.rpc('restore_count_photos', { p_removal_id: removalId })
  const refused = ruleBroken(error)
  if (!refused.ok) return refused
  const restored = data as { session_id: string; photos: number; waiting: number }
  return { ok: true, sessionId: restored.session_id, count: restored.photos, waiting: restored.waiting }
}

/**
 * Forgets the shop's removals older than the undo window, and deletes their files; returns how many files went.
 * Housekeeping: a failure is logged, never the owner's problem (the next page load tries again).
 */
export async function purgeRemovals(supabase: SupabaseClient, shopId: string, keptMs = REMOVAL_KEPT_MS): Promise<number> {
  const { data, error } = await supabase
    .from('count_photo_removals')
    .delete()
    .eq('shop_id', shopId)
    .lt('removed_at', new Date(Date.now() - keptMs).toISOString())
    .select('paths')
  if (error) {
    console.error('Removed photos could not be purged', shopId, error.message)
    return 0
  }
  const paths = (data ?? []).flatMap((row) => row.paths as string[]).flatMap((path) => [path, previewPathOf(path)])
  if (paths.length === 0) return 0
  // A file left behind (storage down) goes with its folder if the stocktake is discarded or expires;
  // under a confirmed stocktake it stays: nothing shows it, it only takes space.
  await supabase.storage.from(STOCK_PHOTOS_BUCKET).remove(paths)
  return paths.length
}
