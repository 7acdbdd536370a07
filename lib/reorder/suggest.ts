import { probit } from 'simple-statistics'
import { plural } from '@/lib/format/plural'

export const DEFAULT_SERVICE_LEVEL = 0.95
/** How many selling days the averages look back over. */
export const SELLING_DAYS = 28
/** Stock to cover beyond the reorder point: a week of sales, so a shop orders about weekly. */
export const REVIEW_DAYS = 7
/** Assumed for a product without a supplier (a new supplier's default too). */
export const DEFAULT_LEAD_TIME_DAYS = 7

/** Of a product's last SELLING_DAYS selling days: how many, the units sold or gone, the sum of their squares, and how many had a sale. */
export interface SalesStats {
  days: number
  units: number
  squares: number
  saleDays: number
}

export interface ReorderInput {
  qty: number
  onOrder: number
  lowStockThreshold: number
  targetQty: number | null
  /** its last selling days' figures (days out of stock left out), from product_sales_stats */
  sales: SalesStats
  /** the preferred supplier's, or null when the product has none */
  leadTimeDays: number | null
  packSize: number
  /** 0.5–0.999: how often a delivery should arrive before the shelf runs empty */
  serviceLevel?: number
}

export interface ReorderSuggestion {
  /** 'sales': from the sales history; 'levels': from the low-stock level and target, for want of one */
  basis: 'sales' | 'levels'
  averageDaily: number
  spread: number
  safetyStock: number
  reorderPoint: number
  targetLevel: number
  /** units the shelf needs, before rounding to packs; 0 when nothing is due */
  needed: number
  packs: number
  /** units to order: whole packs */
  orderQty: number
  reason: string
}

// The spread from whole numbers: n·Σx² − (Σx)² is exact, so steady sales have a spread of exactly 0
// (a float's 1e-16 would put a unit of safety stock on them).
const spreadOf = ({ days, units, squares }: SalesStats) => Math.sqrt(Math.max(0, days * squares - units * units)) / days
// One formatter for every product: toLocaleString() builds a new one per call (80 µs, 160 ms for 2,000 products).
const ONE_DECIMAL = new Intl.NumberFormat('en', { maximumFractionDigits: 1 })
const oneDecimal = (n: number) => ONE_DECIMAL.format(Math.round(n * 10) / 10)

function orderWords(needed: number, packs: number, packSize: number, orderQty: number) {
  if (needed === 0) return 'nothing to order yet'
  if (packSize === 1) return `order ${orderQty}`
  // the units needed, then the whole packs that cover them (it read "order 21 (3 packs of 10)" beside "order 30 units")
  return `needs ${needed}, so ${plural(packs, 'pack')} of ${packSize} (${orderQty})`
}

// Without a target of its own a product orders up to twice its low-stock level: say so, not "target (10)" the owner never set.
const levelWords = (level: number, targetQty: number | null, targetLevel: number) =>
  targetQty === null
    ? `its low-stock level (${level}) decides, and with no target set it orders up to twice that (${targetLevel})`
    : `its low-stock level (${level}) and target (${targetLevel}) decide`

/**
 * The reorder point is average daily sales × lead time + safety stock, the safety stock
 * z × spread × √lead time for the service level; an order tops stock and what is on order
 * up to the target level (the product's own, or the reorder point plus a week of sales),
 * in whole packs. Without sales the low-stock level is the reorder point, and says so.
 */
export function suggestReorder(input: ReorderInput): ReorderSuggestion {
  const serviceLevel = Math.min(0.999, Math.max(0.5, input.serviceLevel ?? DEFAULT_SERVICE_LEVEL))
  const packSize = Math.max(1, Math.floor(input.packSize))
  const { sales } = input
  const sold = sales.days > 0 && sales.saleDays > 0
  const leadTime = input.leadTimeDays ?? DEFAULT_LEAD_TIME_DAYS
  const position = input.qty + input.onOrder

  let basis: ReorderSuggestion['basis']
  let averageDaily = 0
  let spread = 0
  let safetyStock = 0
  let reorderPoint: number
  let targetLevel: number
  if (sold) {
    basis = 'sales'
    averageDaily = sales.units / sales.days
    spread = spreadOf(sales)
    safetyStock = Math.ceil(probit(serviceLevel) * spread * Math.sqrt(leadTime))
    reorderPoint = Math.ceil(averageDaily * leadTime) + safetyStock
    targetLevel = Math.max(input.targetQty ?? 0, reorderPoint + Math.ceil(averageDaily * REVIEW_DAYS))
  } else {
    basis = 'levels'
    reorderPoint = input.lowStockThreshold
    targetLevel = input.targetQty ?? input.lowStockThreshold * 2
  }

  const due = position <= reorderPoint && targetLevel > position
  const needed = due ? targetLevel - position : 0
  const packs = Math.ceil(needed / packSize)
  const orderQty = packs * packSize
  const onOrder = input.onOrder > 0 ? `, ${input.onOrder} on order` : ''
  const supplier = input.leadTimeDays === null ? `no supplier linked (${plural(leadTime, 'day')} assumed)` : `supplier takes ${plural(leadTime, 'day')}`
  const reason =
    basis === 'sales'
      ? `sells ${oneDecimal(averageDaily)} a day, ${supplier}${onOrder}: ${orderWords(needed, packs, packSize, orderQty)}`
      : `has no sales in the ${SELLING_DAYS} selling days before today, so ${levelWords(reorderPoint, input.targetQty, targetLevel)}${onOrder}: ${orderWords(needed, packs, packSize, orderQty)}`
  return { basis, averageDaily, spread, safetyStock, reorderPoint, targetLevel, needed, packs, orderQty, reason }
}
