import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { NOTHING_FOUND } from './run-analysis'
import { listPhotos, signedPreviewUrls, type StocktakePhoto } from '@/lib/data/stocktake-photos'
import { getReview, sideCounts, type SideCount } from '@/lib/data/stocktake-review'
import type { Stocktake, TimeSource } from '@/lib/data/stocktakes'
import { photoTimes, reviewShape, type LiveReview } from '@/lib/stocktakes/live-review'
import type { Side } from '@/lib/stocktakes/photo-path'
import { reviewable, sideState, stocktakeStage, type SideState, type Stage } from '@/lib/stocktakes/stage'

export interface PhotoView {
  id: string
  url: string | null
  takenAt: string
  timeSource: 'camera' | 'uploaded'
  status: StocktakePhoto['status']
  error: string | null
  codesFound: number | null
  analyser: StocktakePhoto['analyser']
  /** read on the phone that took it, or by the server */
  countedOn: StocktakePhoto['counted_on']
  /** only its labels' crops were uploaded */
  keptOnDevice: boolean
}

export interface SideView {
  photos: PhotoView[]
  state: SideState
  counts: SideCount[]
  /** the side's time, and where it came from */
  time: string | null
  timeSource: TimeSource | null
}

export interface OpenStocktakeView {
  id: string
  shopId: string
  createdAt: string
  stage: Stage
  /** what went wrong, when the stage says something did */
  problem: string | null
  start: SideView
  end: SideView
}

/** Why the photos cannot be reviewed yet, in the owner's words. */
export function stageProblem(stage: Stage, photos: readonly Pick<StocktakePhoto, 'side' | 'status' | 'error' | 'analyser'>[]): string | null {
  if (stage === 'failed') return photos.find((photo) => photo.status === 'failed')?.error ?? 'A photo could not be counted'
  if (stage === 'nothing_found') return NOTHING_FOUND[photos.find((photo) => photo.analyser)?.analyser ?? 'barcode']
  return null
}

/** The open stocktake as /upload shows it: each side's photos (signed links), state, time and counts. */
export async function openStocktakeView(supabase: SupabaseClient, session: Stocktake): Promise<OpenStocktakeView> {
  const [photos, counts] = await Promise.all([listPhotos(supabase, session.id), sideCounts(supabase, session.id)])
  const urls = await signedPreviewUrls(supabase, photos.map((photo) => photo.storage_path))
  const stage = stocktakeStage(session.status, photos)
  const side = (which: Side): SideView => ({
    photos: photos
      .filter((photo) => photo.side === which)
      .map((photo) => ({
        id: photo.id,
        url: urls.get(photo.storage_path) ?? null,
        takenAt: photo.taken_at,
        timeSource: photo.time_source,
        status: photo.status,
        error: photo.error,
        codesFound: photo.codes_found,
        analyser: photo.analyser,
        countedOn: photo.counted_on,
        keptOnDevice: photo.kept_on_device,
      })),
    state: sideState(photos, which),
    counts: counts[which],
    time: which === 'start' ? session.started_at : session.ended_at,
    timeSource: which === 'start' ? session.start_time_source : session.end_time_source,
  })
  return { id: session.id, shopId: session.shop_id, createdAt: session.created_at, stage, problem: stageProblem(stage, photos), start: side('start'), end: side('end') }
}

/** What the review page takes in live: the review (when its photos are counted), the photo times, and its shape. */
export async function liveReview(supabase: SupabaseClient, session: Stocktake, photos: readonly StocktakePhoto[], timeZone: string): Promise<LiveReview> {
  const review = reviewable(stocktakeStage(session.status, photos)) ? await getReview(supabase, session.id) : null
  return { shape: reviewShape(session, photos), times: photoTimes(session, timeZone), review }
}
