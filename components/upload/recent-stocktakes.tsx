import Link from 'next/link'
import { formatDateTime } from '@/lib/format/date-time'
import { STAGE_LABELS } from '@/lib/stocktakes/stage'

export interface RecentStocktake {
  id: string
  status: 'open' | 'confirmed' | 'expired'
  created_at: string
}

/** The last few closed stocktakes: confirmed ones to look back at, and those closed unfinished, saying so. */
export function RecentStocktakes({ stocktakes, timeZone }: { stocktakes: RecentStocktake[]; timeZone: string }) {
  if (stocktakes.length === 0) return null
  return (
    <section aria-labelledby="recent-stocktakes" className="grid gap-2">
      <h2 id="recent-stocktakes" className="text-lg font-semibold">Recent stocktakes</h2>
      <ul className="divide-y rounded-xl border">
        {stocktakes.map((stocktake) => {
          const content = (
            <>
              <span>{formatDateTime(stocktake.created_at, timeZone)}</span>
              <span className="text-right text-sm text-muted-foreground">{STAGE_LABELS[stocktake.status === 'open' ? 'empty' : stocktake.status]}</span>
            </>
          )
          return (
            <li key={stocktake.id}>
              {stocktake.status === 'confirmed' ? (
                <Link href={`/stocktakes/${stocktake.id}`} className="flex min-h-11 items-center justify-between gap-3 px-4 py-2 hover:bg-muted">
                  {content}
                </Link>
              ) : (
                <p className="flex min-h-11 items-center justify-between gap-3 px-4 py-2">{content}</p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
