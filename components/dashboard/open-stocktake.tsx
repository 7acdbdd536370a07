import Link from 'next/link'
import { Camera } from 'lucide-react'
import type { DashboardSummary } from '@/lib/dashboard/summary'
import { STAGE_LABELS } from '@/lib/stocktakes/stage'
import { Button } from '@/components/ui/button'

/** Today's stocktake, one tap away: the morning's photos wait for the evening's. */
export function OpenStocktake({ stocktake }: { stocktake: NonNullable<DashboardSummary['open_stocktake']> }) {
  const ready = stocktake.stage === 'ready'
  return (
    <section aria-label="Stocktake in progress" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-muted/30 px-4 py-3">
      <p className="flex items-center gap-2 font-medium">
        <Camera aria-hidden="true" className="size-5 text-primary" />
        Stocktake in progress: {STAGE_LABELS[stocktake.stage]}
      </p>
      <Button asChild variant={ready ? 'default' : 'outline'}>
        <Link href={ready ? `/stocktakes/${stocktake.id}` : '/upload'}>{ready ? 'Review the counts' : 'Continue the stocktake'}</Link>
      </Button>
    </section>
  )
}
