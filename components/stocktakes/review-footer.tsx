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
  /** false for staff where the owner has not let staff confirm */
  canConfirm: boolean
}

/** What staff read where they cannot confirm: who will. */
export const CONFIRMED_BY_MANAGER = 'A manager or the owner confirms this stocktake'

/** Always in reach at the bottom of the screen: the review's totals and Confirm. */
export function ReviewFooter({ totals, confirmed, waiting, pending, canConfirm }: ReviewFooterProps) {
  const figures: [string, string][] = [
    ['Units gone', String(totals.gone)],
    ['Missing', String(totals.missing)],
    ['Sold or missing', String(totals.sold_or_missing)],
    ['Stock change', signed(totals.change)],
  ]
  // A phone shows it over the cards (the review has no tab bar): three short rows, at most 15% of the screen.
  return (
    <section aria-label="Confirm the stocktake" className="sticky bottom-0 z-30 -mx-4 border-t bg-background px-4 py-2 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] sm:py-3">
      <div className="grid gap-1.5 sm:flex sm:items-center sm:justify-between sm:gap-4">
        <dl aria-label="Totals" className="grid grid-cols-4 gap-1 text-center text-xs leading-4 sm:gap-2 sm:text-sm">
          {figures.map(([term, value]) => (
            <div key={term} className="grid">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="text-sm font-semibold tabular-nums sm:text-base">{value}</dd>
            </div>
          ))}
        </dl>
        {confirmed ? (
          <p role="status" tabIndex={-1} data-confirmed className="flex min-h-11 items-center gap-2 font-medium text-emerald-700 outline-none">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            Confirmed: these counts are in the stock ledger.
          </p>
        ) : !canConfirm ? (
          <p role="status" className="grid min-h-11 content-center text-center text-sm font-medium sm:text-right">
            {CONFIRMED_BY_MANAGER}
            <span className="text-xs font-normal text-muted-foreground">Your counts are saved for them to check.</span>
          </p>
        ) : (
          <div className="grid gap-0.5">
            <Button type="submit" className="w-full" disabled={pending || waiting !== null}>
              {pending && <Spinner />}
              Confirm counts and update stock
            </Button>
            <p aria-live="polite" className="text-center text-xs text-muted-foreground">
              {waiting ?? `${totals.changed} ${totals.changed === 1 ? 'product changes' : 'products change'}. Nothing changes until you confirm.`}
            </p>
          </div>
        )}
      </div>
    </section>
  )
}
