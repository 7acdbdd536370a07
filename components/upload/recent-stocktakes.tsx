import Link from 'next/link'
import { formatDateTime } from '@/lib/format/date-time'

export interface RecentStocktake {
  id: string
  status: 'analysing' | 'review' | 'failed' | 'confirmed' | 'uploading'
  created_at: string
}

const STATUS: Record<RecentStocktake['status'], string> = {
  uploading: 'Uploading',
  analysing: 'Analysing',
  review: 'Ready to review',
  failed: 'Failed',
  confirmed: 'Confirmed',
}

/** The last few stocktakes, so a review left open can be finished later. */
export function RecentStocktakes({ stocktakes, timeZone }: { stocktakes: RecentStocktake[]; timeZone: string }) {
  if (stocktakes.length === 0) return null
  return (
    <section aria-labelledby="recent-stocktakes" className="grid gap-2">
      <h2 id="recent-stocktakes" className="text-lg font-semibold">Recent stocktakes</h2>
      <ul className="divide-y rounded-xl border">
        {stocktakes.map((stocktake) => (
          <li key={stocktake.id}>
            <Link href={`/stocktakes/${stocktake.id}`} className="flex min-h-11 items-center justify-between gap-3 px-4 py-2 hover:bg-muted">
              <span>{formatDateTime(stocktake.created_at, timeZone)}</span>
              <span className="text-sm text-muted-foreground">{STATUS[stocktake.status]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
