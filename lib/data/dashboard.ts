import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { dashboardSummarySchema, dayReportSchema, type DashboardSummary, type DayReport } from '@/lib/dashboard/summary'
import { reasonLabel, SOURCE_LABELS } from '@/lib/products/stock-reasons'
import { stocktakeStage, type PhotoState, type Stage } from '@/lib/stocktakes/stage'
import { DASHBOARD_LOW_STOCK, isLowStock } from '@/lib/dashboard/low-stock'
import { getReorderRows, lowStockOf, reorderRows, stockRowsInputs, type StockRows } from './reorder'
import { STALE_AFTER_MS } from './stocktakes'

interface DashboardAnswer {
  summary: unknown
  open_stocktake: { id: string; created_at: string; photos: PhotoState[] } | null
  /** the products that can be low, for the app to tell which are (the reorder page's rule) */
  stock_rows: StockRows
  /** who made each recent movement, by movement id (members' names) */
  recent_by: Record<string, string>
}

/** The stocktake under way, unless it has gone stale (a later visit closes that one). */
function openStocktake(open: DashboardAnswer['open_stocktake']) {
  if (!open || Date.parse(open.created_at) <= Date.now() - STALE_AFTER_MS) return null
  return { id: open.id, created_at: open.created_at, stage: stocktakeStage('open', open.photos) as Exclude<Stage, 'confirmed' | 'expired'> }
}

/** Today's figures for the caller's shop, and its stocktake under way, or null when they have no shop. One call: dashboard(). */
export async function getDashboardSummary(supabase: SupabaseClient): Promise<DashboardSummary | null> {
  const { data } = await supabase.rpc('dashboard').throwOnError()
  if (data === null) return null
  const answer = data as DashboardAnswer
  const summary = dashboardSummarySchema.parse(answer.summary)
  const { low, items } = lowStockOf(reorderRows(stockRowsInputs(answer.stock_rows)), DASHBOARD_LOW_STOCK)
  const recent = summary.recent.map((movement) => ({
    ...movement,
    reason_label: reasonLabel(movement.reason, movement.delta),
    source_label: SOURCE_LABELS[movement.source] ?? movement.source,
    by: answer.recent_by?.[movement.id] ?? null,
  }))
  return {
    ...summary,
    stock: { ...summary.stock, low },
    low_stock: items.map(({ orderQty: _, ...item }) => item),
    recent,
    open_stocktake: openStocktake(answer.open_stocktake),
  }
}

/** Today's report (per product, and the movements) for the caller's shop, or null when they have no shop. */
export async function getDayReport(supabase: SupabaseClient): Promise<DayReport | null> {
  const [{ data }, rows] = await Promise.all([supabase.rpc('dashboard_day_report').throwOnError(), getReorderRows(supabase)])
  if (data === null) return null
  const report = dayReportSchema.parse(data)
  // low as on the dashboard's Low Stock Alerts, not by the low-stock level alone
  const low = new Set(rows.filter(({ row, suggestion }) => isLowStock({ qty: row.qty, suggestion })).map(({ row }) => row.product_id))
  return { ...report, products: report.products.map((product) => ({ ...product, low: low.has(product.id) })) }
}
