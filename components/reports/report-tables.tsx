import type { ShopReport } from '@/lib/reports/report'
import { formatMoney } from '@/lib/format/money'
import { formatDate, formatDateTime } from '@/lib/format/date-time'
import { PART_COST, UNKNOWN_COST } from '@/lib/reports/figure-rows'
import { ReportTable, type ReportCell } from './report-table'

function CostNotes({ unknown, partial }: { unknown: boolean; partial: boolean }) {
  if (!unknown && !partial) return null
  return (
    <div className="grid gap-1 text-sm text-muted-foreground">
      {unknown && <p>{UNKNOWN_COST}</p>}
      {partial && <p>{PART_COST}</p>}
    </div>
  )
}

/** Top sellers, slow movers and shrinkage by product and by stocktake. */
export function ReportTables({ report }: { report: ShopReport }) {
  const money = (value: number | null) => formatMoney(value, report.currency)
  const product = ({ id, name, sku }: { id: string; name: string; sku: string | null }): ReportCell => ({ product: { id, name, sku } })
  const cost = (value: number | null, leftOut = 0): ReportCell => ({ cost: value === null ? null : money(value), leftOut })
  const slow = report.slow_movers
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <ReportTable
        id="top-sellers"
        title="Top sellers"
        empty="No sales recorded in this period."
        headers={['Product', 'Units sold', 'Sales value']}
        rows={report.top_sellers.map((p) => ({ key: p.id, cells: [product(p), p.units, money(p.sales_value)] }))}
      />
      <ReportTable
        id="slow-movers"
        title="Slow movers"
        description="In stock at the end of the period, with no sale in the 30 days before it; products added to the catalogue in that time are left out. Most money on the shelf first."
        empty="None: every product in stock that was in the catalogue 30 days ago sold at least once since (products added since are left out)."
        headers={['Product', 'In stock', 'Value at cost', 'Last sold']}
        rows={slow.products.map((p) => ({
          key: p.id,
          cells: [product(p), p.qty, money(p.value), p.last_sold_at ? formatDate(p.last_sold_at, report.timezone) : 'Never'],
        }))}
        footer={
          slow.total > slow.products.length && (
            <p className="text-sm text-muted-foreground">
              The first {slow.products.length} of {slow.total} slow movers.
            </p>
          )
        }
      />
      <ReportTable
        id="shrinkage-products"
        title="Shrinkage by product"
        description="Units photo stocktakes found gone from the shelf with no sale recorded, valued at cost."
        empty="No photo stocktake in this period found units missing."
        headers={['Product', 'Missing units', 'Value at cost', 'Stocktakes']}
        rows={report.shrinkage_products.map((p) => ({
          key: p.id,
          cells: [product(p), p.units, cost(p.value), p.stocktakes],
        }))}
        footer={<CostNotes unknown={report.shrinkage_products.some((p) => p.value === null)} partial={false} />}
      />
      <ReportTable
        id="shrinkage-stocktakes"
        title="Shrinkage by stocktake"
        empty="No photo stocktake was confirmed in this period."
        headers={['Stocktake', 'Missing units', 'Value at cost', 'Products short']}
        rows={report.stocktakes.map((s) => ({
          key: s.id,
          // with its time: two stocktakes on one day are told apart
          cells: [{ link: { href: `/stocktakes/${s.id}`, label: formatDateTime(s.ended_at, report.timezone) } }, s.units, cost(s.value, s.uncosted_products), s.products],
        }))}
        footer={
          <CostNotes
            unknown={report.stocktakes.some((s) => s.value === null)}
            partial={report.stocktakes.some((s) => s.value !== null && s.uncosted_products > 0)}
          />
        }
      />
    </div>
  )
}
