'use server'

import { getReview, saveEdit } from '@/lib/data/stocktake-review'
import { getStocktake } from '@/lib/data/stocktakes'
import type { Review } from '@/lib/stocktakes/review'
import { reviewEditSchema, STOCKTAKE_NOT_FOUND } from '@/lib/validations/stocktake'
import type { ActionState } from './action-state'
import { validatedAction } from './validated-action'

export interface ReviewState extends ActionState {
  /** the review as it stands now: every number the page shows */
  review?: Review
}

/** Keeps one change to the review and answers with the whole review worked out again. */
export const editStocktake = validatedAction(
  reviewEditSchema,
  async (edit, { supabase }): Promise<ReviewState> => {
    const session = await getStocktake(supabase, edit.session_id)
    if (!session) return { ok: false, message: STOCKTAKE_NOT_FOUND }
    if (session.status !== 'open') return { ok: false, message: 'This stocktake is closed: it cannot change any more' }
    if (!(await saveEdit(supabase, session.shop_id, edit))) return { ok: false, message: 'This product is not in the stocktake' }
    return { ok: true, review: (await getReview(supabase, session.id)) ?? undefined }
  },
  { requireUser: true },
)
