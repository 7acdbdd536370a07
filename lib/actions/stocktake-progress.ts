'use server'

import { getStocktakeProgress } from '@/lib/data/stocktakes'
import { stageProblem } from '@/lib/workflows/open-stocktake-view'
import { sideState, stocktakeStage, type SideState, type Stage } from '@/lib/stocktakes/stage'
import { createClient } from '@/lib/supabase/server'
import { STOCKTAKE_NOT_FOUND, stocktakeSchema } from '@/lib/validations/stocktake'

export type StocktakeProgress =
  | { ok: true; stage: Stage; start: SideState; end: SideState; problem: string | null }
  | { ok: false; message: string }

/** What the upload page polls while photos are being counted. */
export async function stocktakeProgress(sessionId: string): Promise<StocktakeProgress> {
  const parsed = stocktakeSchema.safeParse({ session_id: sessionId })
  if (!parsed.success) return { ok: false, message: STOCKTAKE_NOT_FOUND }
  const supabase = await createClient()
  const session = await getStocktakeProgress(supabase, parsed.data.session_id)
  if (!session) return { ok: false, message: STOCKTAKE_NOT_FOUND }
  const photos = session.photos
  const stage = stocktakeStage(session.status, photos)
  return { ok: true, stage, start: sideState(photos, 'start'), end: sideState(photos, 'end'), problem: stageProblem(stage, photos) }
}
