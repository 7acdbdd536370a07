import { formatMoney } from '@/lib/format/money'
import type { ShopReport } from './report'

// The report's headline figures in the order and words both the page and the
// CSV use, so that what the owner reads on screen is what the file holds.

/** Why a value at cost shows "—", in the same words wherever it does. */
export const UNKNOWN_COST = '— means none of the products missing has a cost price, so their value is unknown: set a cost on the product to value it.'
/** Why a value at cost has a *. */
export const PART_COST = '* leaves out the products missing that have no cost price.'

export interface FigureRow {
  label: string
  kind: 'units' | 'money'
  value: number
  /** what the figure leaves out or how it was reached, when the owner needs to know */
  note?: string
}

const lacking = (count: number, what: string) =>
  `${count} ${count === 1 ? 'product' : 'products'} without ${what} ${count === 1 ? 'is' : 'are'} left out`

export function figureRows({ figures: f, stock }: Pick<ShopReport, 'figures' | 'stock'>): FigureRow[] {
  const margin = f.margin_sales_value > 0 ? ` (${((f.gross_margin / f.margin_sales_value) * 100).toFixed(1)}% of sales)` : ''
  const uncostedStock = stock.products - stock.costed_products
  return [
    { label: 'Units sold', kind: 'units', value: f.sold, note: `in ${f.sales} recorded ${f.sales === 1 ? 'sale' : 'sales'}` },
    { label: 'Sales value', kind: 'money', value: f.sales_value, note: f.unpriced_products ? lacking(f.unpriced_products, 'a price') : undefined },
    { label: 'Cost of goods sold', kind: 'money', value: f.cogs, note: f.uncosted_products ? lacking(f.uncosted_products, 'a cost') : undefined },
    {
      label: 'Gross margin',
      kind: 'money',
      value: f.gross_margin,
      note: `on products with a price and a cost${margin}`,
    },
    { label: 'Units received', kind: 'units', value: f.received },
    {
      label: 'Missing units',
      kind: 'units',
      value: f.shrinkage_units,
      note: 'found by photo stocktakes: gone from the shelf with no sale recorded',
    },
    {
      label: 'Shrinkage at cost',
      kind: 'money',
      value: f.shrinkage_value,
      note: f.shrinkage_uncosted_products ? lacking(f.shrinkage_uncosted_products, 'a cost') : undefined,
    },
    { label: 'Stock value at start', kind: 'money', value: stock.value_start, note: uncostedStock ? lacking(uncostedStock, 'a cost') : undefined },
    { label: 'Stock value at end', kind: 'money', value: stock.value_end, note: uncostedStock ? lacking(uncostedStock, 'a cost') : undefined },
  ]
}

/** A figure as people read it, on the page and in the email: "£7.50", "2,603". (The CSV writes minor units instead.) */
export const formatFigure = (row: FigureRow, currency: string) =>
  row.kind === 'money' ? formatMoney(row.value, currency) : row.value.toLocaleString('en-GB')
