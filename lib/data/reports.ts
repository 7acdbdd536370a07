import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { shopReportSchema, type ShopReport } from '@/lib/reports/report'
import type { Period } from '@/lib/reports/period'

export type ShopReportResult = { ok: true; report: ShopReport } | { ok: false; message: string; badRange?: boolean }

/** The report of the caller's shop for whole local days from–to; null when they have no shop. */
export async function getShopReport(supabase: SupabaseClient, { from, to }: Pick<Period, 'from' | 'to'>): Promise<ShopReportResult | null> {
  const { data, error } = await supabase.rpc('shop_report', { p_from: from, p_to: to })
  // The database refuses a range the form let through (a hand-typed address): its words are for the owner.
  if (error?.code === '22023' && error.hint?.startsWith('range_')) return { ok: false, message: error.message, badRange: true }
  if (error) throw new Error(error.message)
  if (data === null) return null
  return { ok: true, report: shopReportSchema.parse(data) }
}
