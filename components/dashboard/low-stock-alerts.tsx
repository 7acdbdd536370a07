import Link from 'next/link'
import { stockPercent } from '@/lib/dashboard/stock-percent'
import type { DashboardSummary } from '@/lib/dashboard/summary'
import { cn } from '@/lib/utils'

/** Low-stock products, emptiest first, each with a bar of how full its shelf is against the optimal quantity. */
export function LowStockAlerts({ summary }: { summary: DashboardSummary }) {
  const items = summary.low_stock
  const more = summary.stock.low - items.length
  const anyFallback = items.some((item) => !item.optimal_is_target && item.reorder_point === null)
  const anyFromSales = items.some((item) => item.reorder_point !== null)

  return (
    <section aria-labelledby="low-stock-heading" className="grid content-start gap-3 rounded-xl border p-4">
      <h2 id="low-stock-heading" className="text-lg font-semibold">
        Low Stock Alerts
      </h2>
      {items.length === 0 ? (
        <p className="text-muted-foreground">
          {summary.stock.products === 0 ? 'Nothing is low on stock: add products to see alerts here.' : 'Nothing is low on stock.'}
        </p>
      ) : (
        <ul aria-label="Low stock products" className="grid gap-4">
          {items.map((item) => {
            const percent = stockPercent(item.qty, item.optimal)
            return (
              <li key={item.id} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3">
                  <Link href={`/app/products/${item.id}`} className="min-w-0 font-medium break-words hover:underline">
                    {item.name}
                  </Link>
                  <span className="shrink-0 text-sm text-muted-foreground tabular-nums">{`${percent}%`}</span>
                </div>
                <p className="text-sm text-muted-foreground">
                  Current: <span className="font-medium text-foreground tabular-nums">{item.qty}</span> · Optimal:{' '}
                  <span className="font-medium text-foreground tabular-nums">{item.optimal}</span>
                  {!item.optimal_is_target && item.reorder_point === null && ' (no target set)'}
                  {item.reorder_point !== null && (
                    <>
                      {' '}
                      · Reorder at: <span className="font-medium text-foreground tabular-nums">{item.reorder_point}</span>
                    </>
                  )}
                  {item.on_order > 0 && (
                    <>
                      {' '}
                      · On order: <span className="font-medium text-foreground tabular-nums">{item.on_order}</span>
                    </>
                  )}
                </p>
                <div
                  role="progressbar"
                  aria-label={`${item.name} stock level`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-valuetext={`${item.qty} of ${item.optimal} (${percent}%)`}
                  className="h-2 overflow-hidden rounded-full bg-muted"
                >
                  <div className={cn('h-full rounded-full', percent <= 25 ? 'bg-destructive' : 'bg-amber-500')} style={{ width: `${percent}%` }} />
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {more > 0 && (
        <p className="text-sm text-muted-foreground">
          {`And ${more} more low-stock ${more === 1 ? 'product' : 'products'}: see the `}
          <Link href="/app/products?sort=stock" className="text-primary underline underline-offset-4">
            catalogue by stock
          </Link>
          .
        </p>
      )}
      {anyFallback && (
        <p className="text-xs text-muted-foreground">Optimal is the product&apos;s target level; where no target is set, it is twice the low-stock level (at least 1).</p>
      )}
      {anyFromSales && (
        <p className="text-xs text-muted-foreground">
          A product that sells is low at its reorder point (what it sells before a delivery could arrive, and a safety margin), and its
          optimal is what the reorder suggestions order up to. See{' '}
          <Link href="/app/reorder" className="text-primary underline underline-offset-4">
            what to order
          </Link>
          .
        </p>
      )}
    </section>
  )
}
