import type { ReorderSuggestion } from '@/lib/reorder/suggest'
import type { LowStockItem } from './summary'

export interface StockRow {
  id: string
  name: string
  sku: string | null
  qty: number
  lowStockThreshold: number
  targetQty: number | null
  onOrder: number
  suggestion: Pick<ReorderSuggestion, 'basis' | 'reorderPoint' | 'targetLevel'>
}

/** What an emailed report or message lists of the low-stock products. */
export const LOW_STOCK_LISTED = 50
/**
 * What the dashboard lists: the emptiest few. It is a glance on a phone, and fifty alerts pushed
 * Recent Activity a long scroll down; the rest are counted under the list.
 */
export const DASHBOARD_LOW_STOCK = 10

/** Low at or below its reorder point (the low-stock level, for a product without sales to work one out from). */
export const isLowStock = (row: Pick<StockRow, 'qty' | 'suggestion'>) => row.qty <= row.suggestion.reorderPoint

/**
 * The dashboard's low-stock alerts: a product is low at or below its reorder point,
 * the one the reorder page orders by. Without sales to compute one from, its
 * low-stock level decides (which is what the reorder point falls back to).
 * Emptiest first: the share of the optimal quantity left, where optimal is the
 * level the reorder suggestions order up to for a product that sells (its target
 * or, where that is below the reorder point, the reorder point and a week of
 * sales), else its target, else twice the low-stock level and at least 1.
 */
export function lowStockAlerts(rows: readonly StockRow[], listed = LOW_STOCK_LISTED): { low: number; items: LowStockItem[] } {
  const low = rows
    .filter(isLowStock)
    .map((row): LowStockItem => {
      const fromSales = row.suggestion.basis === 'sales'
      const target = row.targetQty ?? 0
      return {
        id: row.id,
        name: row.name,
        sku: row.sku,
        qty: row.qty,
        low_stock_threshold: row.lowStockThreshold,
        // from sales, optimal is what the reorder page orders up to: the target, or more where it would not cover the reorder point
        optimal: fromSales ? Math.max(row.suggestion.targetLevel, 1) : target > 0 ? target : Math.max(2 * row.lowStockThreshold, 1),
        optimal_is_target: target > 0 && (!fromSales || row.suggestion.targetLevel === target),
        reorder_point: fromSales ? row.suggestion.reorderPoint : null,
        on_order: row.onOrder,
      }
    })
    .sort((a, b) => a.qty / a.optimal - b.qty / b.optimal || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
  return { low: low.length, items: low.slice(0, listed) }
}
