import type { DayReport } from '@/lib/dashboard/summary'
import { REASON_LABELS, SOURCE_LABELS } from '@/lib/products/stock-reasons'
import { fixedWidthLine, UTF8_BOM } from './write-csv'

// One file, two tables, every record the same width (RFC 4180): a title record,
// the stock by product with a totals record, then the day's movements. An empty
// record separates the parts. Each movement falls in one column, in the words of
// a stocktake's review and Reports: Closing = Opening + Opening stock + Received +
// Returned - Sold - Sold or missing - Missing - Damaged or lost + Count corrections.
// A stocktake's "Sold or missing" is never added to "Sold".
export const PRODUCT_COLUMNS = [
  'Product',
  'SKU',
  'Opening qty',
  'Opening stock of new product',
  'Received',
  'Returned',
  'Sold',
  'Sold or missing (stocktake)',
  'Missing (stocktake)',
  'Damaged or lost',
  'Count corrections',
  'Closing qty',
  'Low stock',
] as const

export const MOVEMENT_COLUMNS = ['Time', 'Product', 'SKU', 'Reason', 'Change', 'Qty after', 'Source', 'Note'] as const

const record = fixedWidthLine(PRODUCT_COLUMNS.length)

const TOTALED = ['opening', 'opened', 'received', 'returned', 'sold', 'gone', 'missing', 'written_off', 'corrected', 'closing'] as const

export function dayReportCsv(report: DayReport): string {
  const lines = [
    UTF8_BOM,
    record(['Daily stock report', report.shop_name, report.date, report.timezone, `Generated ${report.generated_at}`]),
    record([]),
    record(PRODUCT_COLUMNS),
  ]
  for (const p of report.products) {
    lines.push(record([p.name, p.sku, ...TOTALED.map((key) => p[key]), p.low ? 'yes' : 'no']))
  }
  const totals = TOTALED.map((key) => report.products.reduce((sum, product) => sum + product[key], 0))
  const lowCount = report.products.filter((product) => product.low).length
  lines.push(record(['All products', '', ...totals, `${lowCount} low`]))
  lines.push(record([]))
  lines.push(record(MOVEMENT_COLUMNS))
  for (const m of report.movements) {
    lines.push(
      record([m.time, m.name, m.sku, REASON_LABELS[m.reason] ?? m.reason, m.delta, m.qty_after, SOURCE_LABELS[m.source] ?? m.source, m.note]),
    )
  }
  if (report.movements_total > report.movements.length) {
    lines.push(record([`Only the first ${report.movements.length} of ${report.movements_total} movements are listed`]))
  }
  return lines.join('')
}

/** shelfsnap-day-by-product-YYYY-MM-DD.csv: the shop's own date, as the database computed it; not the name of the Reports export of that day, which holds other figures. */
export const dayReportFileName = (date: string) => `shelfsnap-day-by-product-${date}.csv`
