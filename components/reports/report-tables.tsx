import Link from 'next/link'
import type { ShopReport } from '@/lib/reports/report'
import { formatMoney } from '@/lib/format/money'
import { formatDate, formatDateTime } from '@/lib/format/date-time'
import { PART_COST, UNKNOWN_COST } from '@/lib/reports/figure-rows'
import { ReportTable } from './report-table'

function ProductCell({ id, name, sku }: { id: string; name: string; sku: string | null }) {
  return (
    <>
      <Link href={`/app/products/${id}`} prefetch={false} className="underline-offset-4 hover:underline">
        {name}
      </Link>
      {sku && <span className="block text-xs text-muted-foreground">{sku}</span>}
    </>
  )
}

/** A value at cost: "—" (and why, to a screen reader) when unknown, a * when it leaves products out. */
function CostCell({ value, uncosted, currency }: { value: number | null; uncosted: number; currency: string }) {
  if (value === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">unknown: no cost price</span>
      </>
    )
  }
  return (
    <>
      {formatMoney(value, currency)}
      {uncosted > 0 && (
        <>
          <span aria-hidden="true"> *</span>
          <span className="sr-only"> (leaves out {uncosted === 1 ? '1 product' : `${uncosted} products`} without a cost price)</span>
        </>
      )}
    </>
  )
}

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
  const slow = report.slow_movers
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <ReportTable
        id="top-sellers"
        title="Top sellers"
        empty="No sales recorded in this period."
        headers={['Product', 'Units sold', 'Sales value']}
        rows={report.top_sellers.map((p) => ({ key: p.id, cells: [<ProductCell key="p" {...p} />, p.units, money(p.sales_value)] }))}
      />
      <ReportTable
        id="slow-movers"
        title="Slow movers"
        description="In stock at the end of the period, with no sale in the 30 days before it; products added to the catalogue in that time are left out. Most money on the shelf first."
        empty="None: every product in stock that was in the catalogue 30 days ago sold at least once since (products added since are left out)."
        headers={['Product', 'In stock', 'Value at cost', 'Last sold']}
        rows={slow.products.map((p) => ({
          key: p.id,
          cells: [<ProductCell key="p" {...p} />, p.qty, money(p.value), p.last_sold_at ? formatDate(p.last_sold_at, report.timezone) : 'Never'],
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
          cells: [<ProductCell key="p" {...p} />, p.units, <CostCell key="v" value={p.value} uncosted={0} currency={report.currency} />, p.stocktakes],
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
          cells: [
            // with its time: two stocktakes on one day are told apart
            <Link key="s" href={`/stocktakes/${s.id}`} prefetch={false} className="underline-offset-4 hover:underline">
              {formatDateTime(s.ended_at, report.timezone)}
            </Link>,
            s.units,
            <CostCell key="v" value={s.value} uncosted={s.uncosted_products} currency={report.currency} />,
            s.products,
          ],
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
