'use server'

import { listPhotos, type StocktakeStatus } from '@/lib/data/stocktakes'
import { createClient } from '@/lib/supabase/server'
import { stocktakeSchema } from '@/lib/validations/stocktake'
import { NOT_FOUND, openStocktake } from './stocktake-access'

export type StocktakeProgress =
  | { ok: true; status: StocktakeStatus; analysed: number; total: number; error: string | null }
  | { ok: false; message: string }

/** What the upload page polls while the analysis job runs. */
export async function stocktakeProgress(sessionId: string): Promise<StocktakeProgress> {
  const parsed = stocktakeSchema.safeParse({ session_id: sessionId })
  if (!parsed.success) return { ok: false, message: NOT_FOUND }
  const supabase = await createClient()
  const open = await openStocktake(supabase, parsed.data.session_id, ['uploading', 'analysing', 'review', 'failed', 'confirmed'], '')
  if (!open.ok) return open
  const photos = await listPhotos(supabase, open.session.id)
  return {
    ok: true,
    status: open.session.status,
    analysed: photos.filter((photo) => photo.status !== 'pending').length,
    total: photos.length,
    error: open.session.error,
  }
}
