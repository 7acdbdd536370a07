'use server'

import { listPhotos } from '@/lib/data/stocktake-photos'
import { getStocktake } from '@/lib/data/stocktakes'
import { startAnalysis } from '@/lib/workflows/start-analysis'
import { STOCKTAKE_NOT_FOUND, stocktakeSchema } from '@/lib/validations/stocktake'
import { MISSING_IMAGES } from '@/lib/stocktakes/photo-limits'
import { validatedAction } from './validated-action'

/** Counts a side's photos as soon as they are in: the morning count is on screen long before the evening. */
export const countStocktakePhotos = validatedAction(
  stocktakeSchema,
  async ({ session_id }, { supabase }) => {
    const session = await getStocktake(supabase, session_id)
    if (!session || session.status !== 'open') return { ok: false, message: STOCKTAKE_NOT_FOUND }
    return startAnalysis(supabase, session.id)
  },
  { requireUser: true },
)

/** Analyze Inventory: both sides' photos counted (any still waiting, now), then the review. */
export const analyseStocktake = validatedAction(
  stocktakeSchema,
  async ({ session_id }, { supabase }) => {
    const session = await getStocktake(supabase, session_id)
    if (!session) return { ok: false, message: STOCKTAKE_NOT_FOUND }
    if (session.status === 'confirmed') return { ok: true, message: 'This stocktake is already confirmed' }
    const photos = await listPhotos(supabase, session.id)
    if (!photos.some((photo) => photo.side === 'start') || !photos.some((photo) => photo.side === 'end')) {
      return { ok: false, message: MISSING_IMAGES.description }
    }
    const started = await startAnalysis(supabase, session.id)
    return started.ok ? { ok: true, message: 'Analysis started' } : started
  },
  { requireUser: true },
)
