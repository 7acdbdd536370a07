'use client'

import { CheckCircle2 } from 'lucide-react'
import type { Review } from '@/lib/stocktakes/review'
import { signed } from '@/lib/format/signed'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

interface ReviewFooterProps {
  totals: Review['totals']
  confirmed: boolean
  /** why Confirm waits, if it does */
  waiting: string | null
  pending: boolean
}

/** Always in reach at the bottom of the screen: the review's totals and Confirm. */
export function ReviewFooter({ totals, confirmed, waiting, pending }: ReviewFooterProps) {
  const figures: [string, string][] = [
    ['Units gone', String(totals.gone)],
    ['Missing', String(totals.missing)],
    ['Sold or missing', String(totals.sold_or_missing)],
    ['Stock change', signed(totals.change)],
  ]
  return (
    <div className="sticky bottom-16 z-30 -mx-4 border-t bg-background px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] md:bottom-0">
      <div className="grid gap-2 sm:flex sm:items-center sm:justify-between sm:gap-4">
        <dl aria-label="Totals" className="grid grid-cols-4 gap-2 text-center text-xs sm:text-sm">
          {figures.map(([term, value]) => (
            <div key={term} className="grid">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="text-base font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {confirmed ? (
          <p role="status" className="flex items-center gap-2 font-medium text-emerald-700">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            Confirmed: these counts are in the stock ledger.
          </p>
        ) : (
          <div className="grid gap-1">
            <Button type="submit" size="lg" className="w-full" disabled={pending || waiting !== null}>
              {pending && <Spinner />}
              Confirm counts and update stock
            </Button>
            <p aria-live="polite" className="text-center text-xs text-muted-foreground">
              {waiting ?? `${totals.changed} ${totals.changed === 1 ? 'product changes' : 'products change'}. Nothing changes until you confirm.`}
            </p>
          </div>
        )}
      </div>
    </div>
  )
}
