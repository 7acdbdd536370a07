'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { initialActionState } from '@/lib/actions/action-state'
import { editStocktake } from '@/lib/actions/edit-stocktake'
import { reviewChanges, type LineChange } from '@/lib/stocktakes/line-figures'
import type { Review } from '@/lib/stocktakes/review'
import { withShownShop } from '@/lib/shops/shown-shop'

export type EditField = 'coverage' | 'start_count' | 'end_count' | 'moved' | 'product_coverage' | 'absent'

/**
 * The review on screen is always the one the server last worked out: each
 * change is saved, and the whole review comes back with every number redone.
 * Until it has, the page says so and Confirm waits, so the owner never
 * confirms numbers they have not seen. `server`: the review read again since
 * (a change on another device), which replaces the one shown.
 */
export function useReview(sessionId: string, initial: Review, server: Review | null) {
  const [review, setReview] = useState(initial)
  const [seen, setSeen] = useState(server)
  if (seen !== server) {
    setSeen(server)
    // null: no longer reviewable, and the page is rendered again; until then the last stays
    if (server) setReview(server)
  }
  const [saving, setSaving] = useState(0)
  const latest = useRef(0)
  // what changed when confirming was last refused (the ledger had moved): marked until the page is rendered again
  const [changes, setChanges] = useState<readonly LineChange[]>([])
  const shown = useRef(initial)
  useEffect(() => {
    shown.current = review
  }, [review])

  const save = useCallback(
    async (field: EditField, value: string, productId?: string) => {
      const ticket = ++latest.current
      setSaving((n) => n + 1)
      const data = withShownShop(new FormData())
      data.append('session_id', sessionId)
      data.append('field', field)
      data.append('value', value)
      if (productId) data.append('product_id', productId)
      try {
        const result = await editStocktake(initialActionState, data)
        if (!result.ok) toast.error('Change not saved', { description: result.message })
        // An answer to an older change never overwrites a newer one's.
        else if ('review' in result && result.review && ticket === latest.current) setReview(result.review)
      } catch {
        toast.error('Change not saved', { description: 'ShelfSnap could not be reached. Check the connection and try again.' })
      } finally {
        setSaving((n) => n - 1)
      }
    },
    [sessionId],
  )

  /** Confirming was refused: the new numbers replace the old, and what changed is kept to be shown. */
  const refused = useCallback((next: Review) => {
    setChanges(reviewChanges(shown.current, next))
    setReview(next)
  }, [])

  return { review, save, saving: saving > 0, changes, refused }
}
