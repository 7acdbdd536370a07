'use server'

import { getStocktakeProgress, type StocktakeStatus } from '@/lib/data/stocktakes'
import { createClient } from '@/lib/supabase/server'
import { stocktakeSchema } from '@/lib/validations/stocktake'
import { NOT_FOUND } from './stocktake-access'

export type StocktakeProgress =
  | { ok: true; status: StocktakeStatus; analysed: number; total: number; error: string | null }
  | { ok: false; message: string }

/** What the upload page polls while the analysis job runs. */
export async function stocktakeProgress(sessionId: string): Promise<StocktakeProgress> {
  const parsed = stocktakeSchema.safeParse({ session_id: sessionId })
  if (!parsed.success) return { ok: false, message: NOT_FOUND }
  const supabase = await createClient()
  const progress = await getStocktakeProgress(supabase, parsed.data.session_id)
  if (!progress) return { ok: false, message: NOT_FOUND }
  return {
    ok: true,
    status: progress.status,
    analysed: progress.photos.filter((photo) => photo.status !== 'pending').length,
    total: progress.photos.length,
    error: progress.error,
  }
}
