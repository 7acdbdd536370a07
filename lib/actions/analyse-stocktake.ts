'use server'

import { listPhotos, requeuePhoto } from '@/lib/data/stocktake-photos'
import { getStocktake } from '@/lib/data/stocktakes'
import { startAnalysis } from '@/lib/workflows/start-analysis'
import { photoSchema, STOCKTAKE_NOT_FOUND, stocktakeSchema } from '@/lib/validations/stocktake'
import { MISSING_IMAGES } from '@/lib/stocktakes/photo-limits'
import { KEPT_ON_PHONE, PHOTO_GONE } from '@/lib/validations/device-count'
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

/** "Count again on the server": a photo the phone counted goes to the server's count, which replaces the phone's. */
export const countPhotoOnServer = validatedAction(
  photoSchema,
  async ({ session_id, photo_id }, { supabase }) => {
    const session = await getStocktake(supabase, session_id)
    if (!session || session.status !== 'open') return { ok: false, message: STOCKTAKE_NOT_FOUND }
    const photo = (await listPhotos(supabase, session.id)).find((item) => item.id === photo_id)
    if (!photo) return { ok: false, message: PHOTO_GONE }
    if (photo.kept_on_device) return { ok: false, message: KEPT_ON_PHONE }
    await requeuePhoto(supabase, photo.id)
    return startAnalysis(supabase, session.id)
  },
  { requireUser: true },
)
