import type { ReactNode } from 'react'
import Link from 'next/link'
import { Camera, Package, ShoppingCart, TriangleAlert, type LucideIcon } from 'lucide-react'
import type { DashboardSummary } from '@/lib/dashboard/summary'
import { formatWhen } from '@/lib/dashboard/format-when'
import { formatMoney } from '@/lib/format/money'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { formatCount } from '@/lib/format/count'

const units = (n: number) => `${formatCount(n)} ${n === 1 ? 'unit' : 'units'}`
const products = (n: number) => `${formatCount(n)} ${n === 1 ? 'product' : 'products'}`

function StatCard({ id, title, icon: Icon, value, children }: { id: string; title: string; icon: LucideIcon; value: ReactNode; children?: ReactNode }) {
  return (
    <li>
      <Card aria-labelledby={id} role="group" className="h-full gap-2 py-4">
        <CardHeader className="flex-row items-center justify-between gap-2 px-4">
          <h2 id={id} className="text-sm font-medium text-muted-foreground">
            {title}
          </h2>
          <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
        </CardHeader>
        <CardContent className="grid gap-1 px-4">
          <div className="text-2xl font-bold tabular-nums">{value}</div>
          {children && <div className="text-sm text-muted-foreground">{children}</div>}
        </CardContent>
      </Card>
    </li>
  )
}

const Quiet = ({ children }: { children: ReactNode }) => <span className="text-base font-semibold text-muted-foreground">{children}</span>

/** The four figures: phones get two columns, wide screens four. */
export function StatCards({ summary }: { summary: DashboardSummary }) {
  const { today, stock, currency, timezone, day, last_scan_at } = summary
  return (
    <ul aria-label="Today at a glance" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
      <StatCard id="stat-sold" title="Items Sold Today" icon={ShoppingCart} value={today.sales === 0 ? <Quiet>No sales recorded today</Quiet> : units(today.sold)}>
        {today.sales > 0 && <p>in {today.sales === 1 ? '1 recorded sale' : `${today.sales} recorded sales`}</p>}
        {today.gone > 0 && (
          <p className="text-foreground">
            Also {units(today.gone)} sold or missing, found by a photo stocktake (no sale was recorded for them)
          </p>
        )}
      </StatCard>
      <StatCard id="stat-stock" title="Current Stock" icon={Package} value={stock.products === 0 ? <Quiet>No products yet</Quiet> : units(stock.units)}>
        {stock.products === 0 ? (
          <Link href="/app/products/new" className="inline-flex min-h-11 items-center text-primary underline underline-offset-4">
            Add your first product
          </Link>
        ) : stock.costed_products === 0 ? (
          <p>across {products(stock.products)}. Add unit costs to see the stock value.</p>
        ) : (
          <p>
            across {products(stock.products)}. Worth {formatMoney(stock.value, currency)} at cost
            {stock.costed_products < stock.products
              ? ` (cost known for ${stock.costed_products} of ${products(stock.products)})`
              : ' (cost known for every product)'}
          </p>
        )}
      </StatCard>
      <StatCard id="stat-low" title="Low Stock Items" icon={TriangleAlert} value={stock.low === 0 ? <Quiet>Nothing is low on stock</Quiet> : products(stock.low)}>
        {stock.low > 0 && <p>at or below their reorder point or low-stock level</p>}
      </StatCard>
      <StatCard
        id="stat-scan"
        title="Last Scan"
        icon={Camera}
        value={last_scan_at ? <time dateTime={last_scan_at}>{formatWhen(last_scan_at, timezone, day.date)}</time> : 'Never'}
      >
        {!last_scan_at && (
          <Link href="/upload" className="inline-flex min-h-11 items-center text-primary underline underline-offset-4">
            No stocktake yet — photograph your shelves
          </Link>
        )}
      </StatCard>
    </ul>
  )
}
