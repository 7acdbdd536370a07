import Link from 'next/link'
import type { DashboardSummary } from '@/lib/dashboard/summary'
import { formatWhen } from '@/lib/dashboard/format-when'
import { cn } from '@/lib/utils'
import { signed } from '@/lib/format/signed'

/** The shop's newest stock movements: sales negative, deliveries positive, every reason by its label. */
export function RecentActivity({ summary }: { summary: DashboardSummary }) {
  const { recent, timezone, day } = summary
  return (
    <section aria-labelledby="activity-heading" className="grid content-start gap-3 rounded-xl border p-4">
      <h2 id="activity-heading" className="text-lg font-semibold">
        Recent Activity
      </h2>
      {recent.length === 0 ? (
        <p className="text-muted-foreground">No stock changes yet: sales, deliveries and counts will show here.</p>
      ) : (
        <ol aria-label="Recent stock movements" className="divide-y">
          {recent.map((movement) => (
            <li key={movement.id} className="flex items-start justify-between gap-3 py-2.5">
              <div className="grid min-w-0 gap-0.5">
                <Link href={`/app/products/${movement.product_id}`} className="font-medium break-words hover:underline">
                  {movement.name}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {`${movement.reason_label} · ${movement.source_label} · ${movement.by ? `${movement.by} · ` : ''}`}
                  <time dateTime={movement.created_at}>{formatWhen(movement.created_at, timezone, day.date)}</time>
                </p>
              </div>
              <p className={cn('shrink-0 font-semibold tabular-nums', movement.delta > 0 ? 'text-success' : 'text-destructive')}>
                <span className="sr-only">{movement.delta > 0 ? 'Added ' : 'Removed '}</span>
                {signed(movement.delta)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
