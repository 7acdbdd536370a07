import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Side } from '@/lib/stocktakes/photo-path'
import type { PhotoState } from '@/lib/stocktakes/stage'
import { callFailure } from '@/lib/supabase/deadline-fetch'

export type StocktakeStatus = 'open' | 'confirmed' | 'expired'
export type Coverage = 'shelf' | 'all'
export type TimeSource = 'camera' | 'uploaded' | 'owner'

export interface Stocktake {
  id: string
  shop_id: string
  status: StocktakeStatus
  coverage: Coverage
  /** the morning side's time: the owner's, or its earliest photo's */
  started_at: string | null
  /** the evening side's time: the owner's, or its latest photo's */
  ended_at: string | null
  start_time_source: TimeSource | null
  end_time_source: TimeSource | null
  start_time_owner: string | null
  end_time_owner: string | null
  confirmed_at: string | null
  expired_at: string | null
  created_at: string
}

export const fail = (error: { message: string } | null) => {
  if (error) throw callFailure(error)
}

/** The caller's open stocktake, or a new one (two devices at once get the same one). */
export async function openStocktake(supabase: SupabaseClient): Promise<{ ok: true; session: Stocktake } | { ok: false; message: string }> {
  const { data, error } = await supabase.rpc('open_count_session')
  const result = ruleBroken(error)
  return result.ok ? { ok: true, session: data as Stocktake } : result
}

/** The caller's stocktake, or null (RLS hides other shops'). */
export async function getStocktake(supabase: SupabaseClient, id: string): Promise<Stocktake | null> {
  const { data, error } = await supabase.from('count_sessions').select('*').eq('id', id).maybeSingle()
  fail(error)
  return data as Stocktake | null
}

/** The shop's open stocktake, if it has one that has not gone stale. */
export async function getOpenStocktake(supabase: SupabaseClient, shopId: string): Promise<Stocktake | null> {
  const { data, error } = await supabase
    .from('count_sessions')
    .select('*')
    .eq('shop_id', shopId)
    .eq('status', 'open')
    .gt('created_at', new Date(Date.now() - STALE_AFTER_MS).toISOString())
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle()
  fail(error)
  return data as Stocktake | null
}

export type ProgressPhoto = PhotoState & { error: string | null; analyser: 'barcode' | 'vision' | null }

/** A stocktake's status and its photos' states in one request: what the upload page polls. */
export async function getStocktakeProgress(supabase: SupabaseClient, id: string): Promise<{ status: StocktakeStatus; photos: ProgressPhoto[] } | null> {
  const { data, error } = await supabase.from('count_sessions').select('status, photos:count_photos(side, status, codes_found, error, analyser)').eq('id', id).maybeSingle()
  fail(error)
  return data as { status: StocktakeStatus; photos: ProgressPhoto[] } | null
}

/** An unfinished stocktake older than this is closed and its photos removed. */
export const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000

/** The shop's open stocktakes that have gone stale, oldest first. */
export async function staleStocktakes(supabase: SupabaseClient, shopId: string): Promise<Stocktake[]> {
  const { data, error } = await supabase
    .from('count_sessions')
    .select('*')
    .eq('shop_id', shopId)
    .eq('status', 'open')
    .lte('created_at', new Date(Date.now() - STALE_AFTER_MS).toISOString())
    .order('created_at')
    .limit(20)
  fail(error)
  return (data ?? []) as Stocktake[]
}

export async function recentStocktakes(supabase: SupabaseClient, shopId: string, limit = 5): Promise<Stocktake[]> {
  const { data, error } = await supabase
    .from('count_sessions')
    .select('*')
    .eq('shop_id', shopId)
    .neq('status', 'open')
    .order('created_at', { ascending: false })
    .limit(limit)
  fail(error)
  return (data ?? []) as Stocktake[]
}

export async function setCoverage(supabase: SupabaseClient, id: string, coverage: Coverage): Promise<void> {
  fail((await supabase.from('count_sessions').update({ coverage }).eq('id', id)).error)
}

export type WriteResult = { ok: true } | { ok: false; message: string }

/** The database's rules speak to the owner (codes 22023 and P0002); anything else is a fault. */
export function ruleBroken(error: { code?: string; message: string } | null): WriteResult {
  if (!error) return { ok: true }
  if (error.code === '22023' || error.code === 'P0002') return { ok: false, message: error.message }
  throw callFailure(error)
}

/** Sets a side's time by hand ('YYYY-MM-DDTHH:MM' on the shop's clock), or clears it with null. */
export async function setSideTime(supabase: SupabaseClient, id: string, side: Side, localTime: string | null): Promise<WriteResult> {
  const { error } = await supabase.rpc('set_count_side_time', { p_session_id: id, p_side: side, p_local_time: localTime })
  return ruleBroken(error)
}

/** Deletes the stocktake's rows (photos, counts and edits go with it); a confirmed one cannot be. */
export async function deleteStocktake(supabase: SupabaseClient, id: string): Promise<boolean> {
  const { data, error } = await supabase.from('count_sessions').delete().eq('id', id).neq('status', 'confirmed').select('id')
  fail(error)
  return (data ?? []).length > 0
}

/** Closes a stale stocktake whose files are gone: its rows go, it stays listed as expired. */
export async function expireStocktake(supabase: SupabaseClient, id: string): Promise<void> {
  fail((await supabase.rpc('expire_count_session', { p_session_id: id })).error)
}
