import 'server-only'
import { createHash } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { callFailure } from '@/lib/supabase/deadline-fetch'

export const feedTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** Whether the caller's shop has a feed, and since when (the token itself is never readable). */
export async function getReportFeed(supabase: SupabaseClient): Promise<{ created_at: string } | null> {
  const { data, error } = await supabase.from('report_feeds').select('created_at').maybeSingle()
  if (error) throw callFailure(error)
  return data
}

/** A new token for the caller's shop; the old one stops working. Shown once: only its hash is kept. */
export async function rotateReportFeed(supabase: SupabaseClient): Promise<string> {
  const { data, error } = await supabase.rpc('rotate_report_feed')
  if (error) throw callFailure(error)
  return data as string
}

/**
 * The shop a feed token belongs to and whether the owner has the feed switched on, or null for a
 * token that is no feed's (with the service-role client: a feed has no session).
 */
export async function findFeed(admin: SupabaseClient, token: string): Promise<{ shopId: string; on: boolean } | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null
  const { data, error } = await admin.from('report_feeds').select('shop_id').eq('token_hash', feedTokenHash(token)).maybeSingle()
  if (error) throw callFailure(error)
  if (!data) return null
  const { data: shop, error: shopError } = await admin.from('shops').select('sheets_feed').eq('id', data.shop_id).single()
  if (shopError) throw callFailure(shopError)
  return { shopId: data.shop_id as string, on: shop.sheets_feed === true }
}
