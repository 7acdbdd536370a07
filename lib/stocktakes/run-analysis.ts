import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { AnalysisError, type Analyser } from '@/lib/counting/analyser'
import { listCountingCatalogue } from '@/lib/data/products'
import {
  downloadPhoto,
  listPhotos,
  markPhotoFailed,
  recordAnalysis,
  updateStocktake,
  type Stocktake,
} from '@/lib/data/stocktakes'

const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

export const NOTHING_FOUND: Record<Analyser['kind'], string> = {
  barcode:
    'No barcodes or QR codes were found in these photos. Print labels for products without a barcode, and photograph the shelf so the labels face the camera.',
  vision: 'No catalogue products were recognised in these photos. Take them closer, in good light, and try again.',
}
const UNEXPECTED = 'The analysis stopped unexpectedly. Nothing was changed; try again.'

/**
 * The analysis job: every photo of the session through the analyser, each
 * photo's proposal recorded as it finishes (the page follows the progress),
 * then the session is ready for review, or failed with a message for the
 * owner. Stock is never touched here.
 */
export async function runAnalysis(supabase: SupabaseClient, session: Stocktake, analyser: Analyser): Promise<void> {
  const usage = { promptTokens: 0, completionTokens: 0, costUsd: null as number | null }
  try {
    const catalogue = await listCountingCatalogue(supabase, session.shop_id)
    const photos = await listPhotos(supabase, session.id)
    let found = 0
    for (const photo of photos) {
      const bytes = await downloadPhoto(supabase, photo.storage_path)
      if (!bytes) throw new AnalysisError('unavailable', 'A photo could not be found any more. Upload it again.')
      const extension = photo.storage_path.split('.').pop() ?? ''
      try {
        const analysis = await analyser.analyse({ bytes, mimeType: MIME[extension] ?? 'image/jpeg' }, catalogue)
        found += await recordAnalysis(supabase, { photo_id: photo.id, session_id: session.id, shop_id: session.shop_id }, analysis)
        if (analysis.usage) {
          usage.promptTokens += analysis.usage.promptTokens
          usage.completionTokens += analysis.usage.completionTokens
          if (analysis.usage.costUsd !== null) usage.costUsd = (usage.costUsd ?? 0) + analysis.usage.costUsd
        }
      } catch (error) {
        if (error instanceof AnalysisError) await markPhotoFailed(supabase, photo.id, error.message)
        throw error
      }
    }
    const common = {
      analyser: analyser.kind,
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      cost_usd: usage.costUsd === null ? null : usage.costUsd.toFixed(6),
    }
    if (found === 0) {
      await updateStocktake(supabase, session.id, { ...common, status: 'failed', error: NOTHING_FOUND[analyser.kind] })
      return
    }
    await updateStocktake(supabase, session.id, { ...common, status: 'review', error: null, analysed_at: new Date().toISOString() })
  } catch (error) {
    if (!(error instanceof AnalysisError)) console.error('Stocktake analysis failed', session.id, error)
    const message = error instanceof AnalysisError ? error.message : UNEXPECTED
    await updateStocktake(supabase, session.id, { status: 'failed', error: message }).catch((cause: unknown) =>
      console.error('Could not record the failed analysis', session.id, cause),
    )
  }
}
