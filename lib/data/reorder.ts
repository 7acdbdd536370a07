import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { suggestReorder, type ReorderSuggestion } from '@/lib/reorder/suggest'
import { lowStockAlerts } from '@/lib/dashboard/low-stock'
import type { LowStockItem } from '@/lib/dashboard/summary'
import type { LowStockLine } from '@/lib/delivery/low-stock-line'
import { callFailure } from '@/lib/supabase/deadline-fetch'

export interface ReorderLine extends ReorderSuggestion {
  productId: string
  name: string
  sku: string | null
  qty: number
  onOrder: number
  packSize: number
  /** the cost per unit from the supplier, else the product's */
  unitCost: number | null
}

export interface SupplierReorder {
  /** null: the products without a supplier */
  supplier: { id: string; name: string; leadTimeDays: number } | null
  lines: ReorderLine[]
}

interface InputRow {
  product_id: string
  name: string
  sku: string | null
  qty: number
  low_stock_threshold: number
  target_qty: number | null
  unit_cost: string | number | null
  on_order: number
  supplier_id: string | null
  supplier_name: string | null
  lead_time_days: number | null
  pack_size: number
  supplier_unit_cost: string | number | null
  /** product_sales_stats: [selling days, units, sum of squares, days with a sale] */
  sales: [days: number, units: number, squares: number, saleDays: number]
}

/** What reorder_inputs() and reorder_inputs_of() answer. */
export interface ReorderInputs {
  /** the days the sales figures look back over; null when the caller has no shop they run */
  days: number | null
  /** the shop's service level for safety stock */
  service_level: number | string | null
  products: InputRow[]
}

/** What reorder_inputs() answers besides: each supplier's newest open draft (reorder_inputs_of() has none). */
interface PageInputs extends ReorderInputs {
  drafts: { supplier_id: string; id: string; number: number }[]
}

/** What the dashboard carries (private.dashboard_stock_rows()): the products that can be low, each as an array. */
export interface StockRows {
  days: number | null
  service_level: number | string | null
  products: [
    product_id: string,
    name: string,
    sku: string | null,
    qty: number,
    low_stock_threshold: number,
    target_qty: number | null,
    on_order: number,
    lead_time_days: number | null,
    pack_size: number,
    sales: InputRow['sales'],
  ][]
}

/** The dashboard's rows as reorder_inputs() rows: without costs or suppliers, which no low-stock alert shows. */
export function stockRowsInputs({ days, service_level, products }: StockRows): ReorderInputs {
  return {
    days,
    service_level,
    products: products.map(([product_id, name, sku, qty, low_stock_threshold, target_qty, on_order, lead_time_days, pack_size, sales]) => ({
      product_id,
      name,
      sku,
      qty,
      low_stock_threshold,
      target_qty,
      on_order,
      lead_time_days,
      pack_size,
      sales,
      unit_cost: null,
      supplier_id: null,
      supplier_name: null,
      supplier_unit_cost: null,
    })),
  }
}

export interface ReorderRow {
  row: InputRow
  suggestion: ReorderSuggestion
}

const money = (value: string | number | null) => (value === null ? null : Number(value))

/** Each product of an answer of reorder_inputs() with its suggestion, at `serviceLevel` or else the shop's. */
export function reorderRows({ products, service_level }: ReorderInputs, serviceLevel?: number): ReorderRow[] {
  const level = serviceLevel ?? (service_level === null ? undefined : Number(service_level))
  return products.map((row) => ({
    row,
    suggestion: suggestReorder({
      qty: row.qty,
      onOrder: row.on_order,
      lowStockThreshold: row.low_stock_threshold,
      targetQty: row.target_qty,
      sales: { days: row.sales[0], units: row.sales[1], squares: Number(row.sales[2]), saleDays: row.sales[3] },
      leadTimeDays: row.lead_time_days,
      packSize: row.pack_size,
      serviceLevel: level,
    }),
  }))
}

/**
 * Every product of the caller's shop, or of `shopId` (the service-role client, for a
 * delivery), with its row from reorder_inputs() and its suggestion.
 */
export async function getReorderRows(supabase: SupabaseClient, serviceLevel?: number, shopId?: string): Promise<ReorderRow[]> {
  const { data, error } = shopId ? await supabase.rpc('reorder_inputs_of', { p_shop_id: shopId }) : await supabase.rpc('reorder_inputs')
  if (error) throw callFailure(error)
  return reorderRows(data as ReorderInputs, serviceLevel)
}

export interface ReorderSuggestions {
  serviceLevel: number
  groups: SupplierReorder[]
  /** the newest open draft of each supplier, by supplier id: where that supplier's lines go */
  drafts: Map<string, { id: string; number: number }>
}

/**
 * What the caller's shop should order now, at its service level: every product due, grouped by the
 * supplier to order from (those without one last), and each supplier's open draft. Null when the
 * caller has no shop. One call.
 */
export async function getReorderSuggestions(supabase: SupabaseClient): Promise<ReorderSuggestions | null> {
  const { data, error } = await supabase.rpc('reorder_inputs')
  if (error) throw callFailure(error)
  const inputs = data as PageInputs
  if (inputs.days === null) return null
  const groups = new Map<string | null, SupplierReorder>()
  for (const { row, suggestion } of reorderRows(inputs)) {
    if (suggestion.orderQty === 0) continue
    const key = row.supplier_id
    const group: SupplierReorder = groups.get(key) ?? {
      supplier: key ? { id: key, name: row.supplier_name ?? '', leadTimeDays: row.lead_time_days ?? 0 } : null,
      lines: [],
    }
    group.lines.push({
      ...suggestion,
      productId: row.product_id,
      name: row.name,
      sku: row.sku,
      qty: row.qty,
      onOrder: row.on_order,
      packSize: row.pack_size,
      unitCost: money(row.supplier_unit_cost) ?? money(row.unit_cost),
    })
    groups.set(key, group)
  }
  return {
    serviceLevel: Number(inputs.service_level),
    drafts: new Map(inputs.drafts.map(({ supplier_id, id, number }) => [supplier_id, { id, number }])),
    groups: [...groups.values()].sort((a, b) => (a.supplier === null ? 1 : b.supplier === null ? -1 : a.supplier.name.localeCompare(b.supplier.name))),
  }
}

/** The low-stock alerts (at the reorder point, else the low-stock level), each with what the reorder page would order now. */
export function lowStockOf(rows: readonly ReorderRow[], listed?: number): { low: number; items: (LowStockItem & { orderQty: number })[] } {
  const orderQty = new Map(rows.map(({ row, suggestion }) => [row.product_id, suggestion.orderQty]))
  const { low, items } = lowStockAlerts(
    rows.map(({ row, suggestion }) => ({
      id: row.product_id,
      name: row.name,
      sku: row.sku,
      qty: row.qty,
      lowStockThreshold: row.low_stock_threshold,
      targetQty: row.target_qty,
      onOrder: row.on_order,
      suggestion,
    })),
    listed,
  )
  return { low, items: items.map((item) => ({ ...item, orderQty: orderQty.get(item.id) ?? 0 })) }
}

/** The low-stock alerts as a report's email or message lists them. */
export const lowStockLines = (items: readonly (LowStockItem & { orderQty: number })[]): LowStockLine[] =>
  items.map(({ name, qty, on_order, orderQty }) => ({ name, qty, onOrder: on_order, orderQty }))

/** lowStockOf() the caller's shop, or `shopId`'s (the service-role client, for a delivery). */
export async function getLowStock(supabase: SupabaseClient, serviceLevel?: number, shopId?: string) {
  return lowStockOf(await getReorderRows(supabase, serviceLevel, shopId))
}
