import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { shopReportSchema, type ShopReport } from '@/lib/reports/report'
import type { PeriodRequest } from '@/lib/reports/period'

export type ShopReportResult = { ok: true; report: ShopReport } | { ok: false; message: string; badRange?: boolean }

/** The report of the caller's shop for a preset or custom days; null when they have no shop. */
export async function getShopReport(supabase: SupabaseClient, request: PeriodRequest): Promise<ShopReportResult | null> {
  const args = request.range === 'custom' ? { p_from: request.from, p_to: request.to, p_range: null } : { p_from: null, p_to: null, p_range: request.range }
  const { data, error } = await supabase.rpc('shop_report', args)
  // The database refuses a range the form let through (a hand-typed address): its words are for the owner.
  if (error?.code === '22023' && error.hint?.startsWith('range_')) return { ok: false, message: error.message, badRange: true }
  if (error) throw new Error(error.message)
  if (data === null) return null
  return { ok: true, report: shopReportSchema.parse(data) }
}
