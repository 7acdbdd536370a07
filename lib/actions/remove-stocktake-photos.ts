'use server'

import { revalidatePath } from 'next/cache'
import { purgeRemovals, removePhotos, restorePhotos } from '@/lib/data/photo-removals'
import { startAnalysis } from '@/lib/workflows/start-analysis'
import { removePhotosSchema, restorePhotosSchema } from '@/lib/validations/stocktake'
import type { ActionState } from './action-state'
import { validatedAction } from './validated-action'

export interface RemovalState extends ActionState {
  /** what Undo sends back */
  removalId?: string
}

const photos = (count: number) => (count === 1 ? 'Photo' : `${count} photos`)

/**
 * Takes photos out of an open stocktake (a wrong one, or a whole side to start
 * again): at once, so the counts on screen are the stored ones, but kept with
 * their counts and files for a while, so Undo can put them back.
 */
export const removeStocktakePhotos = validatedAction(
  removePhotosSchema,
  async ({ session_id, photo_ids }, { supabase }): Promise<RemovalState> => {
    const removed = await removePhotos(supabase, session_id, photo_ids)
    if (!removed.ok) return removed
    // Earlier removals, past their undo window, go for good (their files too).
    await purgeRemovals(supabase, removed.shopId)
    revalidatePath('/upload')
    return { ok: true, message: `${photos(removed.count)} removed`, removalId: removed.removalId }
  },
  { requireUser: true },
)

/** Undo: the removed photos back in their places, with the counts they had. */
export const undoPhotoRemoval = validatedAction(
  restorePhotosSchema,
  async ({ removal_id }, { supabase }) => {
    const restored = await restorePhotos(supabase, removal_id)
    if (!restored.ok) return restored
    // A photo removed before it was counted is counted now.
    if (restored.waiting > 0) {
      const counting = await startAnalysis(supabase, restored.sessionId)
      if (!counting.ok) return counting
    }
    revalidatePath('/upload')
    return { ok: true, message: `${photos(restored.count)} put back` }
  },
  { requireUser: true },
)
