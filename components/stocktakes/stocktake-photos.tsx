import type { StocktakePhoto } from '@/lib/data/stocktake-photos'
import { formatDateTime } from '@/lib/format/date-time'
import { plural } from '@/lib/format/plural'

const SIDES = [
  ['start', 'Start of Day'],
  ['end', 'End of Day'],
] as const

/** The stocktake's photos through short-lived signed links: when each was taken (and how we know), and what it yielded. */
export function StocktakePhotos({ photos, urls, timeZone }: { photos: StocktakePhoto[]; urls: Map<string, string>; timeZone: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {SIDES.map(([side, title]) => {
        const list = photos.filter((photo) => photo.side === side)
        return (
          <section key={side} aria-label={`${title} photos`} className="grid content-start gap-2">
            <h2 className="font-semibold">{title}</h2>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {list.map((photo, index) => (
                <li key={photo.id} className="grid content-start gap-1 text-xs">
                  {urls.has(photo.storage_path) && (
                    // eslint-disable-next-line @next/next/no-img-element
                    <img src={urls.get(photo.storage_path)} alt={`${title} photo ${index + 1}`} className="aspect-[4/3] w-full rounded-md border object-cover" />
                  )}
                  <span>
                    {formatDateTime(photo.taken_at, timeZone)} ({photo.time_source === 'camera' ? 'camera' : 'uploaded'})
                  </span>
                  <span className={photo.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
                    {photo.status === 'failed' ? photo.error : `${plural(photo.codes_found ?? 0, 'code')} found`}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
