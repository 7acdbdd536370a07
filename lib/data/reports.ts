import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { shopReportSchema, type ShopReport } from '@/lib/reports/report'
import type { PeriodRequest } from '@/lib/reports/period'
import { callFailure } from '@/lib/supabase/deadline-fetch'

export type ShopReportResult = { ok: true; report: ShopReport } | { ok: false; message: string; badRange?: boolean }

/**
 * The report for a preset or custom days: of the caller's shop, or of `shopId` (with the
 * service-role client, for a feed or a delivery); null when there is no such shop.
 */
const periodArgs = (request: PeriodRequest) =>
  request.range === 'custom' ? { p_from: request.from, p_to: request.to, p_range: null } : { p_from: null, p_to: null, p_range: request.range }

export async function getShopReport(supabase: SupabaseClient, request: PeriodRequest, shopId?: string): Promise<ShopReportResult | null> {
  const args = periodArgs(request)
  const { data, error } = shopId ? await supabase.rpc('shop_report_of', { p_shop_id: shopId, ...args }) : await supabase.rpc('shop_report', args)
  // The database refuses a range the form let through (a hand-typed address): its words are for the owner.
  if (error?.code === '22023' && error.hint?.startsWith('range_')) return { ok: false, message: error.message, badRange: true }
  if (error) throw callFailure(error)
  if (data === null) return null
  return { ok: true, report: shopReportSchema.parse(data) }
}
