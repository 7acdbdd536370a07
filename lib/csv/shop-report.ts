import { toLocalInput } from '@/lib/format/date-time'
import { formatMoneyInput } from '@/lib/format/money'
import { figureRows } from '@/lib/reports/figure-rows'
import type { ShopReport } from '@/lib/reports/report'
import { fixedWidthLine, UTF8_BOM, type CsvCell } from './write-csv'

// One file, several tables, every record the same width (RFC 4180): a title
// record, the figures, then each table under its own title, an empty record
// between the parts. Money in the currency's minor units, no symbol. Dates are
// the shop's own days (as on screen), written YYYY-MM-DD as every spreadsheet
// reads them; a moment becomes its local day (and time, where one day can hold two).

const WIDTH = 5
const UNKNOWN_COST_CSV = 'A blank value at cost: none of the products missing has a cost price, so their value is unknown'
const record = fixedWidthLine(WIDTH)

/** `bom: false` for Google Sheets' IMPORTDATA, which shows a BOM as text. */
export function shopReportCsv(report: ShopReport, { bom = true } = {}): string {
  const money = (amount: number | null) => formatMoneyInput(amount, report.currency)
  const local = (moment: string) => toLocalInput(moment, report.timezone).split('T') as [string, string]
  const lines: string[] = bom ? [UTF8_BOM] : []
  const table = (title: string, columns: string[], rows: CsvCell[][]) => {
    lines.push(record([]), record([title]), record(columns), ...rows.map(record))
  }
  lines.push(record(['ShelfSnap report', report.shop_name, `${report.from} to ${report.to}`, report.timezone, `Generated ${report.generated_at}`]))
  table(
    'Figures',
    ['Figure', 'Value', 'Note'],
    figureRows(report).map((row) => [row.label, row.kind === 'money' ? money(row.value) : row.value, row.note]),
  )
  table(
    'By day',
    ['Date', 'Units sold', 'Sales value', 'Stock value at end of day'],
    report.daily.map(([date, sold, sales, stock]) => [date, sold, money(sales), money(stock)]),
  )
  table(
    'Top sellers',
    ['Product', 'SKU', 'Units sold', 'Sales value'],
    report.top_sellers.map((p) => [p.name, p.sku, p.units, money(p.sales_value)]),
  )
  table(
    'Slow movers: in stock, no sale in 30 days',
    ['Product', 'SKU', 'In stock', 'Value at cost', 'Last sold'],
    report.slow_movers.products.map((p) => [p.name, p.sku, p.qty, money(p.value), p.last_sold_at ? local(p.last_sold_at)[0] : 'never']),
  )
  if (report.slow_movers.total > report.slow_movers.products.length) {
    lines.push(record([`Only the first ${report.slow_movers.products.length} of ${report.slow_movers.total} slow movers are listed`]))
  }
  table(
    'Shrinkage by product',
    ['Product', 'SKU', 'Missing units', 'Value at cost', 'Stocktakes'],
    report.shrinkage_products.map((p) => [p.name, p.sku, p.units, money(p.value), p.stocktakes]),
  )
  table(
    'Shrinkage by stocktake',
    ['Stocktake date', 'Time', 'Missing units', 'Value at cost', 'Products short'],
    report.stocktakes.map((s) => [s.date, local(s.ended_at)[1], s.units, money(s.value), s.products]),
  )
  table(
    'Shrinkage by week',
    ['Week from', 'Missing units', 'Value at cost'],
    report.weekly_shrinkage.map(([week, units, value]) => [week, units, money(value)]),
  )
  const unknown = [...report.shrinkage_products, ...report.stocktakes].some((row) => row.value === null)
  if (unknown || report.weekly_shrinkage.some(([, , value]) => value === null)) {
    lines.push(record([]), record([UNKNOWN_COST_CSV]))
  }
  return lines.join('')
}

/** shelfsnap-report-FROM-to-TO.csv, or the daily report's own name for one day. */
export const shopReportFileName = (from: string, to: string) =>
  from === to ? `shelfsnap-report-${from}.csv` : `shelfsnap-report-${from}-to-${to}.csv`
