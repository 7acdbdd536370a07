'use server'

import { getStocktakeProgress } from '@/lib/data/stocktakes'
import { stageProblem } from '@/lib/workflows/open-stocktake-view'
import { sideState, stocktakeStage, type SideState, type Stage } from '@/lib/stocktakes/stage'
import { createClient } from '@/lib/supabase/server'
import { STOCKTAKE_NOT_FOUND, stocktakeSchema } from '@/lib/validations/stocktake'
import { z } from 'zod'
import { checkedCall } from './validated-action'

export type StocktakeProgress =
  | { ok: true; stage: Stage; start: SideState; end: SideState; problem: string | null }
  | { ok: false; message: string }

/** What the upload page polls while photos are being counted. */
export const stocktakeProgress = checkedCall(z.tuple([stocktakeSchema.shape.session_id]), async (sessionId): Promise<StocktakeProgress> => {
  const supabase = await createClient()
  const session = await getStocktakeProgress(supabase, sessionId)
  if (!session) return { ok: false, message: STOCKTAKE_NOT_FOUND }
  const photos = session.photos
  const stage = stocktakeStage(session.status, photos)
  return { ok: true, stage, start: sideState(photos, 'start'), end: sideState(photos, 'end'), problem: stageProblem(stage, photos) }
}, (): StocktakeProgress => ({ ok: false, message: STOCKTAKE_NOT_FOUND }))
