import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { dashboardSummarySchema, dayReportSchema, type DashboardSummary, type DayReport } from '@/lib/dashboard/summary'
import { REASON_LABELS, SOURCE_LABELS } from '@/lib/products/stock-reasons'
import { getLowStock } from './reorder'
import { openStocktakeBrief } from './stocktakes'

/** Today's figures for the caller's shop, and its stocktake under way, or null when they have no shop. */
export async function getDashboardSummary(supabase: SupabaseClient): Promise<DashboardSummary | null> {
  const [{ data }, open, { low, items }] = await Promise.all([
    supabase.rpc('dashboard_summary').throwOnError(),
    openStocktakeBrief(supabase),
    getLowStock(supabase),
  ])
  if (data === null) return null
  const summary = dashboardSummarySchema.parse(data)
  const recent = summary.recent.map((movement) => ({
    ...movement,
    reason_label: REASON_LABELS[movement.reason] ?? movement.reason,
    source_label: SOURCE_LABELS[movement.source] ?? movement.source,
  }))
  return { ...summary, stock: { ...summary.stock, low }, low_stock: items.map(({ orderQty: _, ...item }) => item), recent, open_stocktake: open }
}

/** Today's report (per product, and the movements) for the caller's shop, or null when they have no shop. */
export async function getDayReport(supabase: SupabaseClient): Promise<DayReport | null> {
  const { data } = await supabase.rpc('dashboard_day_report').throwOnError()
  return data === null ? null : dayReportSchema.parse(data)
}
