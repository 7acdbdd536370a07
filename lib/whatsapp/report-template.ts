import { figureRows, formatFigure } from '@/lib/reports/figure-rows'
import { describePeriod } from '@/lib/reports/period'
import type { ShopReport } from '@/lib/reports/report'
import { orderNote, type LowStockLine } from '@/lib/delivery/low-stock-line'

const LOW_STOCK_NAMED = 5

/**
 * The body parameters of the `daily_report` template, registered in WhatsApp Manager as:
 * "ShelfSnap report for {{1}}, {{2}}: {{3}} units sold, sales {{4}}, missing {{5}}. Low stock: {{6}}. Full report: {{7}}"
 * The figures are the /reports day report's, formatted as the page formats them.
 */
export function reportTemplateParams({ report, lowStock, reportUrl }: { report: ShopReport; lowStock: LowStockLine[]; reportUrl: string }): string[] {
  const rows = figureRows(report)
  const figure = (label: string) => formatFigure(rows.find((row) => row.label === label)!, report.currency)
  const named = lowStock.slice(0, LOW_STOCK_NAMED).map((line) => `${line.name} (${line.qty}${orderNote(line)})`)
  const more = lowStock.length - named.length
  return [
    report.shop_name,
    describePeriod(report),
    figure('Units sold'),
    figure('Sales value'),
    figure('Missing units'),
    lowStock.length === 0 ? 'nothing' : `${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
    reportUrl,
  ]
}
