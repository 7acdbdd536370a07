'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { CheckCircle2 } from 'lucide-react'
import { toast } from 'sonner'
import { confirmStocktake } from '@/lib/actions/confirm-stocktake'
import type { ReviewRow } from '@/lib/data/stocktakes'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { announceStockChanged } from '@/lib/stock-events'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ReviewTable, type EditedCount } from './review-table'

const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= 1_000_000

/** The review before anything changes: edit any count, then confirm once. */
export function StocktakeReview({ sessionId, rows, confirmed }: { sessionId: string; rows: ReviewRow[]; confirmed: boolean }) {
  const router = useRouter()
  const [counts, setCounts] = useState<Record<string, EditedCount>>(() =>
    Object.fromEntries(rows.map((row) => [row.product_id, { start: row.start_count, end: row.end_count }])),
  )
  const { pending, formProps } = useServerForm(confirmStocktake, {
    errorTitle: 'Stocktake not confirmed',
    onSuccess: ({ message }) => {
      toast.success('Stock updated', { description: message })
      announceStockChanged()
      router.refresh()
    },
  })
  const allValid = Object.values(counts).every((count) => valid(count.start) && valid(count.end))
  const payload = JSON.stringify(rows.map((row) => ({ product_id: row.product_id, start_count: counts[row.product_id]!.start, end_count: counts[row.product_id]!.end })))

  return (
    <form {...formProps} className="grid gap-4">
      <input type="hidden" name="session_id" value={sessionId} />
      <input type="hidden" name="counts" value={payload} />
      <ReviewTable rows={rows} counts={counts} readOnly={confirmed || pending} confirmed={confirmed} onChange={(id, count) => setCounts((all) => ({ ...all, [id]: count }))} />
      {confirmed ? (
        <p role="status" className="flex items-center gap-2 font-medium text-emerald-700">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          Confirmed: these counts are in the stock ledger.
        </p>
      ) : (
        <div className="grid gap-2 sm:flex sm:items-center sm:gap-4">
          <Button type="submit" size="lg" disabled={pending || !allValid}>
            {pending && <Spinner />}
            Confirm counts and update stock
          </Button>
          <p className="text-sm text-muted-foreground">
            {allValid ? 'Each product’s stock becomes its end count. Nothing changes until you confirm.' : 'Every count must be a whole number, 0 or more.'}
          </p>
        </div>
      )}
    </form>
  )
}
