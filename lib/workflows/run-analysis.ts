import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { AnalysisError, type Analyser, type CatalogueItem } from '@/lib/counting/analyser'
import { listCountingCatalogue } from '@/lib/data/products'
import { claimPhoto, downloadPhoto, markPhotoFailed, recordAnalysis } from '@/lib/data/stocktake-photos'

const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

export const NOTHING_FOUND: Record<Analyser['kind'], string> = {
  barcode:
    'No barcodes or QR codes were found in these photos. Print labels for products without a barcode, and photograph the shelf so the labels face the camera.',
  vision: 'No catalogue products were recognised in these photos. Take them closer, in good light, and try again.',
}
const UNEXPECTED = 'This photo could not be counted. Nothing was changed; try again.'

/**
 * The analysis job: takes the stocktake's photos waiting to be counted, one
 * at a time (another job, say the morning's still running when the evening
 * photos arrive, takes others, never the same), and records each photo's
 * proposal as it finishes, or its failure with a message for the owner.
 * Stock is never touched here.
 */
export async function runAnalysis(supabase: SupabaseClient, sessionId: string, analyser: Analyser): Promise<void> {
  let catalogue: CatalogueItem[] | null = null
  for (;;) {
    const photo = await claimPhoto(supabase, sessionId).catch((error: unknown) => {
      // A photo left claimed is taken again by the next job once its claim is 10 minutes old.
      console.error('The stocktake analysis could not go on', sessionId, error)
      return null
    })
    if (!photo) return
    try {
      catalogue ??= await listCountingCatalogue(supabase, photo.shop_id)
      const bytes = await downloadPhoto(supabase, photo.storage_path)
      if (!bytes) throw new AnalysisError('unavailable', 'This photo could not be found any more. Remove it and upload it again.')
      const extension = photo.storage_path.split('.').pop() ?? ''
      const analysis = await analyser.analyse({ bytes, mimeType: MIME[extension] ?? 'image/jpeg' }, catalogue)
      await recordAnalysis(supabase, { photo_id: photo.id, session_id: sessionId, shop_id: photo.shop_id }, analysis)
    } catch (error) {
      if (!(error instanceof AnalysisError)) console.error('Stocktake photo analysis failed', sessionId, photo.id, error)
      await markPhotoFailed(supabase, photo.id, error instanceof AnalysisError ? error.message : UNEXPECTED).catch((cause: unknown) =>
        console.error('Could not record the failed analysis', photo.id, cause),
      )
    }
  }
}
