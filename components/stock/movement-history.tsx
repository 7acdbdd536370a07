import type { MovementPage, StockMovement } from '@/lib/data/stock-movements'
import { formatDateTime } from '@/lib/format/date-time'
import { REASON_LABELS, SOURCE_LABELS } from '@/lib/products/stock-reasons'
import { cn } from '@/lib/utils'
import { PageNav } from '@/components/layout/page-nav'
import { signed } from '@/lib/format/signed'

interface MovementHistoryProps {
  history: MovementPage
  productId: string
  timeZone: string
  userId: string
  /** names of the shop's people, by user id */
  people: Record<string, string>
}

function who(movement: StockMovement, userId: string, people: Record<string, string>) {
  if (movement.created_by === userId) return 'You'
  return (movement.created_by && people[movement.created_by]) ?? 'Unknown'
}

/** The product's ledger, newest first: what changed, why, how, who and when (in the shop's time zone). */
export function MovementHistory({ history, productId, timeZone, userId, people }: MovementHistoryProps) {
  const href = (page: number) => `/app/products/${productId}${page > 1 ? `?page=${page}` : ''}#history`
  if (history.movements.length === 0) return <p className="text-muted-foreground">No stock changes yet.</p>

  return (
    <div className="grid gap-4">
      <ol aria-label="Stock movements" className="divide-y rounded-lg border">
        {history.movements.map((movement) => (
          <li key={movement.id} className="flex items-start justify-between gap-3 p-3">
            <div className="grid gap-0.5">
              <p className="font-medium">{REASON_LABELS[movement.reason] ?? movement.reason}</p>
              <p className="text-sm text-muted-foreground">
                {SOURCE_LABELS[movement.source] ?? movement.source} · {who(movement, userId, people)} ·{' '}
                <time dateTime={movement.created_at}>{formatDateTime(movement.created_at, timeZone)}</time>
              </p>
              {movement.note && <p className="text-sm break-words">{movement.note}</p>}
            </div>
            <div className="shrink-0 text-right">
              <p className={cn('font-semibold tabular-nums', movement.delta > 0 ? 'text-success' : 'text-destructive')}>
                {signed(movement.delta)}
              </p>
              <p className="text-sm text-muted-foreground tabular-nums">now {movement.qty_after}</p>
            </div>
          </li>
        ))}
      </ol>
      <PageNav label="History pages" page={history.page} pageCount={history.pageCount} href={href} />
    </div>
  )
}
