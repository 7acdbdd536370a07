import { TriangleAlert } from 'lucide-react'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/lib/format/date-time'
import { nothingInPhotos } from '@/lib/stocktakes/stage'
import type { SideView } from '@/lib/workflows/open-stocktake-view'
import { CountList } from './count-list'

export const TIME_SOURCE: Record<string, string> = { camera: 'camera', uploaded: 'uploaded', owner: 'set by hand' }

interface SideSummaryProps {
  /** the side's name, "Start of Day" */
  title: string
  /** its count's, "Morning count" */
  label: string
  side: SideView
  timeZone: string
}

/** Counted photos with nothing found in them, by their place in the side's list, and what found nothing. */
function emptyPhotos(side: SideView) {
  const empty = side.photos.flatMap((photo, index) => (photo.status === 'analysed' && photo.codesFound === 0 ? [{ number: index + 1, analyser: photo.analyser }] : []))
  return empty.length > 0 ? { numbers: empty.map((photo) => photo.number), analyser: empty[0]!.analyser ?? 'barcode' } : null
}

const unitsOf = (units: number, products: number) => `${units} ${units === 1 ? 'unit' : 'units'} of ${products} ${products === 1 ? 'product' : 'products'}`

/**
 * How the side's counting goes, in words for a screen reader's status line (always on the page,
 * so each change is read out): the list and the count line are not announced as they change.
 */
export function sideStatus(title: string, side: SideView | null): string {
  const state = side?.state
  if (!side || !state || state.photos === 0) return ''
  if (state.counting > 0) return `Counting ${state.photos - state.counting + 1} of ${state.photos} ${title} photos…`
  if (state.failed > 0) return ''
  const units = side.counts.reduce((sum, item) => sum + item.count, 0)
  return `${title} photos counted: ${unitsOf(units, side.counts.length)}`
}

/** A side's time, how its counting goes, and what it counted so far (the morning count is there before lunch). */
export function SideSummary({ title, label, side, timeZone }: SideSummaryProps) {
  const { state, counts } = side
  if (state.photos === 0) return null
  const empty = emptyPhotos(side)
  const units = counts.reduce((sum, item) => sum + item.count, 0)
  return (
    <div className="grid gap-2 text-sm">
      {side.time && (
        <p className="text-muted-foreground">
          Taken {formatDateTime(side.time, timeZone)} ({TIME_SOURCE[side.timeSource ?? 'uploaded']})
        </p>
      )}
      {state.counting > 0 && (
        <p className="flex items-center gap-2">
          <Spinner className="size-4" /> Counting {state.photos - state.counting + 1} of {state.photos} photos…
        </p>
      )}
      {state.failed > 0 && (
        <p className="flex items-start gap-2 text-destructive" role="alert">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {state.error}
        </p>
      )}
      {empty && (
        <p className="flex items-start gap-2 text-amber-800" role="alert">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {nothingInPhotos(title, empty.numbers, empty.analyser)}
        </p>
      )}
      {state.counting === 0 && state.failed === 0 && (
        <details className="rounded-lg border px-3 py-2" open={counts.length <= 8}>
          <summary className="min-h-8 cursor-pointer font-medium">
            {label}: {unitsOf(units, counts.length)}
          </summary>
          {counts.length === 0 ? (
            <p className="py-1 text-muted-foreground">No catalogue products found in these photos.</p>
          ) : (
            <CountList label={label} items={counts} className="py-1" />
          )}
        </details>
      )}
    </div>
  )
}
