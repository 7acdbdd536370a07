// What an open stocktake's review page takes in from a change on another device without being
// rendered again (the review itself and the photo times), and the rest of what it shows, as one
// string: when that differs, the page is rendered again.
import type { StocktakePhoto } from '@/lib/data/stocktake-photos'
import type { Stocktake } from '@/lib/data/stocktakes'
import { formatDateTime, toLocalInput } from '@/lib/format/date-time'
import type { Review } from './review'
import type { Side } from './photo-path'

/** A side's time as the review shows it, on the shop's clock, and where it came from. */
export interface SideTimeView {
  side: Side
  title: string
  /** "23 Nov 2026, 08:02"; null: no photos yet */
  shown: string | null
  /** the same moment as a datetime-local value */
  local: string | null
  source: Stocktake['start_time_source']
  /** set by hand: the owner can go back to the photos' own times */
  byOwner: boolean
}

export interface LiveReview {
  /** the page's status and photos as they stand: another means the page is rendered again */
  shape: string
  times: SideTimeView[]
  /** null: not reviewable (photos missing or being counted) */
  review: Review | null
}

type SessionTimes = Pick<Stocktake, 'started_at' | 'ended_at' | 'start_time_source' | 'end_time_source' | 'start_time_owner' | 'end_time_owner'>

export function photoTimes(session: SessionTimes, timeZone: string): SideTimeView[] {
  const side = (which: Side, title: string, at: string | null, source: SideTimeView['source'], owner: string | null): SideTimeView => ({
    side: which,
    title,
    shown: at ? formatDateTime(at, timeZone) : null,
    local: at ? toLocalInput(at, timeZone) : null,
    source,
    byOwner: owner !== null,
  })
  return [
    side('start', 'Start of Day', session.started_at, session.start_time_source, session.start_time_owner),
    side('end', 'End of Day', session.ended_at, session.end_time_source, session.end_time_owner),
  ]
}

type ShapePhoto = Pick<StocktakePhoto, 'id' | 'status' | 'codes_found' | 'error' | 'taken_at' | 'time_source'>

/** What else the page shows: its status and stage, the photos, their counts and what was found in them. */
export function reviewShape(session: Pick<Stocktake, 'status' | 'confirmed_at'>, photos: readonly ShapePhoto[]): string {
  return JSON.stringify([session.status, session.confirmed_at, photos.map((photo) => [photo.id, photo.status, photo.codes_found, photo.error, photo.taken_at, photo.time_source])])
}
