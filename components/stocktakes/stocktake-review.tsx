'use client'

import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { confirmStocktake } from '@/lib/actions/confirm-stocktake'
import type { ProductSighting } from '@/lib/data/stocktake-review'
import { useBrowserOnline } from '@/lib/hooks/use-browser-online'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { useHoldLiveUpdates } from '@/lib/realtime/use-live-changes'
import type { Review } from '@/lib/stocktakes/review'
import { announceStockChanged } from '@/lib/stock-events'
import { AbsentProducts } from './absent-products'
import { ChangedProducts } from './changed-products'
import { CoverageChoice } from './coverage-choice'
import { useLiveReview } from './live-review'
import { ReviewCard } from './review-card'
import { ReviewFooter } from './review-footer'
import { useReview } from './use-review'

// Confirming draws the review again (the page keys it by status), and the button that had the focus
// is gone: the confirmed review focuses the words that say so, when it was confirmed on this page.
let confirmedHere: string | null = null

/** Confirming books the counts against the ledger, on the server. */
export const CONFIRM_NEEDS_CONNECTION = 'Confirming needs a connection: ShelfSnap compares the counts with your stock records.'

interface StocktakeReviewProps {
  sessionId: string
  initial: Review
  sightings: Record<string, ProductSighting>
  photoUrls: Record<string, string>
  /** whether this member may confirm (staff only where the owner allows it) */
  canConfirm: boolean
}

/** The review before anything changes: what the photos cover, each product's counts, then one confirmation. */
export function StocktakeReview({ sessionId, initial, sightings, photoUrls, canConfirm }: StocktakeReviewProps) {
  const router = useRouter()
  const { review, save, saving, changes, refused } = useReview(sessionId, initial, useLiveReview().review)
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set())
  const confirmed = review.status === 'confirmed'
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (!confirmed || confirmedHere !== sessionId) return
    confirmedHere = null
    const active = document.activeElement
    if (!active || active === document.body) formRef.current?.querySelector<HTMLElement>('[data-confirmed]')?.focus({ preventScroll: true })
  }, [confirmed, sessionId])
  const { pending, formProps } = useServerForm(
    async (previous, data) => {
      const result = await confirmStocktake(previous, data)
      // Refused because the ledger moved: the new numbers replace the old on screen.
      if ('review' in result && result.review) refused(result.review)
      return result
    },
    {
      errorTitle: 'Stocktake not confirmed',
      onSuccess: ({ message }) => {
        confirmedHere = sessionId
        toast.success('Stock updated', { description: message })
        announceStockChanged()
        router.refresh()
      },
    },
  )
  const onDirty = useCallback(
    (key: string, isDirty: boolean) =>
      setDirty((keys) => {
        if (keys.has(key) === isDirty) return keys
        const next = new Set(keys)
        if (isDirty) next.add(key)
        else next.delete(key)
        return next
      }),
    [],
  )
  const changed = useMemo(() => new Map(changes.map((change) => [change.productId, change])), [changes])
  // The products that changed come first.
  const counted = review.lines.filter((line) => line.in_photos).sort((a, b) => Number(changed.has(b.product_id)) - Number(changed.has(a.product_id)))
  const absent = review.lines.filter((line) => !line.in_photos)
  const online = useBrowserOnline()
  const waiting = !online ? CONFIRM_NEEDS_CONNECTION : saving ? 'Saving your change…' : dirty.size > 0 ? 'Finish the counts you are changing first.' : null
  const readOnly = confirmed || pending
  // Another device's change shows at once, but not over what is typed here (CountField keeps it);
  // while a change or the confirmation is on its way, it waits for the answer.
  useHoldLiveUpdates(saving || pending)

  return (
    <form ref={formRef} {...formProps} className="grid gap-6">
      <input type="hidden" name="session_id" value={sessionId} />
      <input type="hidden" name="version" value={review.version} />
      <ChangedProducts changes={changes} />
      {!confirmed && <CoverageChoice value={review.coverage} disabled={readOnly} onChange={(value) => void save('coverage', value)} />}
      <section aria-labelledby="counted-title" className="grid gap-3">
        <h2 id="counted-title" className="text-lg font-semibold">
          Counted products <span className="font-normal text-muted-foreground">({counted.length})</span>
        </h2>
        {counted.length === 0 && <p className="rounded-xl border p-4">No catalogue products were found in these photos.</p>}
        <div className="grid gap-3 md:grid-cols-2">
          {counted.map((line) => {
            const sighting = sightings[line.product_id] ?? null
            return (
              <ReviewCard
                key={line.product_id}
                line={line}
                coverage={review.coverage}
                sighting={sighting}
                photoUrl={sighting ? (photoUrls[sighting.path] ?? null) : null}
                readOnly={readOnly}
                confirmed={confirmed}
                changes={changed.get(line.product_id)?.changes}
                onSave={(field, value) => void save(field, value, line.product_id)}
                onDirty={onDirty}
              />
            )
          })}
        </div>
      </section>
      <AbsentProducts lines={absent} readOnly={readOnly} confirmed={confirmed} changed={changed} onChoose={(productId, value) => void save('absent', value, productId)} />
      <ReviewFooter totals={review.totals} confirmed={confirmed} waiting={waiting} pending={pending} canConfirm={canConfirm} />
    </form>
  )
}
