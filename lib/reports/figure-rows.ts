import { formatMoney } from '@/lib/format/money'
import { signed } from '@/lib/format/signed'
import type { ShopReport } from './report'

// The report's headline figures in the order and words both the page and the
// CSV use, so that what the owner reads on screen is what the file holds.

/** Why a value at cost shows "—", in the same words wherever it does. */
export const UNKNOWN_COST = '— means none of the products missing has a cost price, so their value is unknown: set a cost on the product to value it.'
/** Why a value at cost has a *. */
export const PART_COST = '* leaves out the products missing that have no cost price.'

export interface FigureRow {
  label: string
  /** 'change': units that may go either way, shown "+3" or "−3" */
  kind: 'units' | 'change' | 'money'
  /** null: a value at cost nobody can know yet (nothing it covers has a cost price), shown "—", never £0.00 */
  value: number | null
  /** what the figure leaves out or how it was reached, when the owner needs to know */
  note?: string
}

const lacking = (count: number, what: string) =>
  `${count} ${count === 1 ? 'product' : 'products'} without ${what} ${count === 1 ? 'is' : 'are'} left out`

/** The note of a value at cost: what it leaves out, and what would give it where it is unknown. */
const uncostedNote = (uncosted: number, value: number | null, toKnowIt: string) =>
  !uncosted ? undefined : value === null ? `${lacking(uncosted, 'a cost')}: ${toKnowIt}` : lacking(uncosted, 'a cost')

/**
 * A value at cost of zero where products without a cost are left out is not a value: nothing it
 * covers was costed (or only at 0). Shown as "—" with what would give it, not as £0.00.
 */
const atCost = (value: number, uncosted: number, counted: boolean) => (value === 0 && uncosted > 0 && counted ? null : value)

export function figureRows({ figures: f, stock }: Pick<ShopReport, 'figures' | 'stock'>): FigureRow[] {
  const margin = f.margin_sales_value > 0 ? ` (${((f.gross_margin / f.margin_sales_value) * 100).toFixed(1)}% of sales)` : ''
  const uncostedStock = stock.products - stock.costed_products
  const cogs = atCost(f.cogs, f.uncosted_products, f.sold !== 0)
  const writtenOff = f.damaged + f.lost
  const writtenOffValue = atCost(f.written_off_value, f.written_off_uncosted_products, writtenOff !== 0)
  const marginKnown = f.margin_sales_value > 0 || f.gross_margin !== 0 || (f.uncosted_products === 0 && f.unpriced_products === 0)
  const stockValue = (value: number, units: number): Pick<FigureRow, 'value' | 'note'> => {
    // no units held: £0.00 is known, and nothing was left out of it
    if (units === 0) return { value: 0, note: 'no stock held' }
    const known = atCost(value, uncostedStock, true)
    return { value: known, note: uncostedNote(uncostedStock, known, 'set costs to value the stock') }
  }
  return [
    { label: 'Units sold', kind: 'units', value: f.sold, note: `in ${f.sales} recorded ${f.sales === 1 ? 'sale' : 'sales'}` },
    { label: 'Sales value', kind: 'money', value: f.sales_value, note: f.unpriced_products ? lacking(f.unpriced_products, 'a price') : undefined },
    {
      label: 'Cost of goods sold',
      kind: 'money',
      value: cogs,
      note: uncostedNote(f.uncosted_products, cogs, 'set costs to see it'),
    },
    {
      label: 'Gross margin',
      kind: 'money',
      value: marginKnown ? f.gross_margin : null,
      note: marginKnown ? `on products with a price and a cost${margin}` : 'none of the products sold has both a price and a cost yet',
    },
    { label: 'Units received', kind: 'units', value: f.received },
    { label: 'Opening stock of new products', kind: 'units', value: f.opened, note: 'what the products added in the period started with' },
    {
      label: 'Missing units',
      kind: 'units',
      value: f.shrinkage_units,
      // the review splits them: Missing (the day had sales, so not sold) and Sold or missing (no sales recorded)
      note: "found by photo stocktakes: gone from the shelf with no sale recorded (a review's Missing and Sold or missing together)",
    },
    {
      label: 'Shrinkage at cost',
      kind: 'money',
      value: atCost(f.shrinkage_value, f.shrinkage_uncosted_products, f.shrinkage_units !== 0),
      note: f.shrinkage_uncosted_products ? lacking(f.shrinkage_uncosted_products, 'a cost') : undefined,
    },
    {
      label: 'Damaged or lost',
      kind: 'units',
      value: writtenOff,
      note: `taken off by hand: ${f.damaged} damaged, ${f.lost} lost or stolen`,
    },
    {
      label: 'Damaged or lost at cost',
      kind: 'money',
      value: writtenOffValue,
      note: uncostedNote(f.written_off_uncosted_products, writtenOffValue, 'set costs to value them'),
    },
    {
      label: 'Count corrections',
      kind: 'change',
      value: f.corrected,
      note: 'counts set by hand or by CSV import, net: + means more was on the shelf than recorded, − less',
    },
    { label: 'Stock value at start', kind: 'money', ...stockValue(stock.value_start, stock.units_start) },
    { label: 'Stock value at end', kind: 'money', ...stockValue(stock.value_end, stock.units_end) },
  ]
}

/** A figure as people read it, on the page and in the email: "£7.50", "2,603". (The CSV writes minor units instead.) */
export const formatFigure = (row: FigureRow, currency: string) =>
  row.value === null
    ? '—'
    : row.kind === 'money'
      ? formatMoney(row.value, currency)
      : row.kind === 'change'
        ? signed(row.value).replace(/\d+/, (digits) => Number(digits).toLocaleString('en-GB'))
        : row.value.toLocaleString('en-GB')
