import { z } from 'zod'

// The shapes of public.dashboard_summary() and public.dashboard_day_report(),
// parsed on the server; the types are shared with the client components, which
// must import nothing else from here: zod would join the page's JavaScript.

const count = z.number().int().nonnegative()
const timestamp = z.iso.datetime({ offset: true })

export const dashboardSummarySchema = z.object({
  currency: z.string(),
  timezone: z.string(),
  day: z.object({ date: z.iso.date(), start: timestamp, end: timestamp }),
  today: z.object({
    /** units of recorded 'sold' movements (net of any reversed ones) */
    sold: z.number().int(),
    /** how many 'sold' movements: none means no sales were recorded */
    sales: count,
    /** units gone between stocktake photos: sold or missing, nobody can tell which */
    gone: z.number().int(),
    received: z.number().int(),
    movements: count,
  }),
  stock: z.object({
    products: count,
    units: count,
    /** products with a unit cost: the value covers only these */
    costed_products: count,
    value: z.number().nonnegative(),
  }),
  last_scan_at: timestamp.nullable(),
  /** the stocktake under way today, if any (added beside the SQL summary; see getDashboardSummary) */
  open_stocktake: z
    .object({ id: z.uuid(), created_at: timestamp, stage: z.enum(['empty', 'counting', 'failed', 'morning', 'evening', 'nothing_found', 'ready']) })
    .nullable()
    .default(null),
  recent: z.array(
    z.object({
      id: z.uuid(),
      product_id: z.uuid(),
      name: z.string(),
      delta: z.number().int(),
      qty_after: count,
      reason: z.string(),
      source: z.string(),
      created_at: timestamp,
    }),
  ),
})

type SummaryRow = z.infer<typeof dashboardSummarySchema>

/** A movement with its reason and source as the owner reads them, labelled on the server. */
export type RecentMovement = SummaryRow['recent'][number] & {
  reason_label: string
  source_label: string
  /** the member who made it, when known */
  by: string | null
}

export interface LowStockItem {
  id: string
  name: string
  sku: string | null
  qty: number
  low_stock_threshold: number
  optimal: number
  /** false: no target is set, so optimal comes from sales (the reorder target level) or the low-stock level */
  optimal_is_target: boolean
  /** the reorder point from sales the alert fired at, or null when the low-stock level decided */
  reorder_point: number | null
  /** units on open purchase orders (drafts, sent, partly received) not yet received */
  on_order: number
}

export type DashboardSummary = Omit<SummaryRow, 'recent' | 'stock'> & {
  recent: RecentMovement[]
  /** low: products at or below their reorder point (from sales), else their low-stock level */
  stock: SummaryRow['stock'] & { low: number }
  /** the emptiest 50 of them */
  low_stock: LowStockItem[]
}

export const dayReportSchema = z.object({
  shop_name: z.string(),
  timezone: z.string(),
  date: z.iso.date(),
  generated_at: z.string(),
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      sku: z.string().nullable(),
      opening: z.number().int(),
      opened: z.number().int(),
      received: z.number().int(),
      returned: z.number().int(),
      sold: z.number().int(),
      gone: z.number().int(),
      missing: z.number().int(),
      written_off: z.number().int(),
      corrected: z.number().int(),
      closing: count,
    }),
  ),
  movements_total: count,
  movements: z.array(
    z.object({
      time: z.string(),
      name: z.string(),
      sku: z.string().nullable(),
      reason: z.string(),
      delta: z.number().int(),
      qty_after: count,
      source: z.string(),
      note: z.string().nullable(),
    }),
  ),
})

type DayReportAnswer = z.infer<typeof dayReportSchema>

/** The day by product, each product low or not by the dashboard's rule (worked out beside the answer). */
export interface DayReport extends Omit<DayReportAnswer, 'products'> {
  products: (DayReportAnswer['products'][number] & { low: boolean })[]
}
