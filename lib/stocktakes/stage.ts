// Where an open stocktake stands follows from its photos alone, so it can
// never say "ready" while a photo is still being counted.
import type { AnalyserKind } from '@/lib/counting/analyser'
import type { Side } from './photo-path'

export type Stage = 'empty' | 'counting' | 'failed' | 'morning' | 'evening' | 'nothing_found' | 'ready' | 'confirmed' | 'expired'

export interface PhotoState {
  side: Side
  status: 'pending' | 'analysing' | 'analysed' | 'failed'
  codes_found: number | null
  error?: string | null
}

export interface SideState {
  photos: number
  /** waiting for or being counted */
  counting: number
  failed: number
  codes: number
  /** the first failed photo's message */
  error: string | null
}

export function sideState(photos: readonly PhotoState[], side: Side): SideState {
  const mine = photos.filter((photo) => photo.side === side)
  return {
    photos: mine.length,
    counting: mine.filter((photo) => photo.status === 'pending' || photo.status === 'analysing').length,
    failed: mine.filter((photo) => photo.status === 'failed').length,
    codes: mine.reduce((sum, photo) => sum + (photo.status === 'analysed' ? (photo.codes_found ?? 0) : 0), 0),
    error: mine.find((photo) => photo.status === 'failed')?.error ?? null,
  }
}

export function stocktakeStage(status: 'open' | 'confirmed' | 'expired', photos: readonly PhotoState[]): Stage {
  if (status !== 'open') return status
  const [start, end] = [sideState(photos, 'start'), sideState(photos, 'end')]
  if (start.photos + end.photos === 0) return 'empty'
  if (start.failed + end.failed > 0) return 'failed'
  if (start.counting + end.counting > 0) return 'counting'
  if (end.photos === 0) return 'morning'
  if (start.photos === 0) return 'evening'
  return start.codes + end.codes === 0 ? 'nothing_found' : 'ready'
}

/** Its counts can be reviewed (or, confirmed, looked back at). */
export const reviewable = (stage: Stage) => stage === 'ready' || stage === 'confirmed'

export const STAGE_LABELS: Record<Stage, string> = {
  empty: 'Started: no photos yet',
  counting: 'Counting the photos',
  failed: 'A photo could not be counted',
  morning: 'Morning photos in: waiting for the evening',
  evening: 'Evening photos in: the morning ones are missing',
  nothing_found: 'No codes found in the photos',
  ready: 'Counted: ready to review',
  confirmed: 'Confirmed',
  expired: 'Unfinished for 7 days: closed and its photos removed',
}

/** "Start of Day photo 2", "Start of Day photos 1 and 3": the photos as the upload page names them. */
function photoNames(title: string, numbers: readonly number[]): string {
  if (numbers.length === 1) return `${title} photo ${numbers[0]}`
  return `${title} photos ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`
}

/**
 * Photos counted with nothing found in them: said as soon as they are counted (a morning photo of
 * the back of the labels is no use in the evening), with what usually helps.
 */
export function nothingInPhotos(title: string, numbers: readonly number[], analyser: AnalyserKind): string {
  const which = photoNames(title, numbers)
  return analyser === 'vision'
    ? `No product recognised in ${which}. What usually helps: closer to the shelf, in good light, with the products' fronts facing the camera. Change the photo to try again.`
    : `No code found in ${which}. What usually helps: closer to the shelf, in good light, with the labels facing the camera. Change the photo to try again.`
}
