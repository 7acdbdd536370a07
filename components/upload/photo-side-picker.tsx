'use client'

import { useId, type ChangeEvent } from 'react'
import { ImagePlus, Plus, X } from 'lucide-react'
import { MAX_PHOTOS_PER_SIDE } from '@/lib/stocktakes/photo-limits'
import type { SideView } from '@/lib/workflows/open-stocktake-view'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { SideSummary } from './side-summary'
import type { PendingPhoto } from './use-side-upload'

interface PhotoSidePickerProps {
  title: 'Start of Day' | 'End of Day'
  description: string
  /** what the side holds in the open stocktake */
  side: SideView | null
  /** photos on their way in */
  pending: PendingPhoto[]
  timeZone: string
  disabled: boolean
  onPick: (files: File[], replace: boolean) => void
  onRemove: (photoId: string) => void
  onDismiss: (key: string) => void
  /** the side at the top of the page: its photo is the first screen's largest picture */
  onTop?: boolean
}

interface Shown {
  key: string
  src: string | null
  note: string
  error: boolean
  remove: (() => void) | null
}

/** One side of the stocktake: one photo per shelf, stored as soon as it is picked, and counted. */
export function PhotoSidePicker({ title, description, side, pending, timeZone, disabled, onPick, onRemove, onDismiss, onTop = false }: PhotoSidePickerProps) {
  const id = useId()
  const stored: Shown[] = (side?.photos ?? []).map((photo) => ({
    key: photo.id,
    src: photo.url,
    note: photo.status === 'failed' ? 'Not counted' : photo.status === 'analysed' ? `${photo.codesFound ?? 0} codes` : 'Counting…',
    error: photo.status === 'failed',
    remove: () => onRemove(photo.id),
  }))
  const incoming: Shown[] = pending.map((item) => ({
    key: item.key,
    src: item.preview,
    note: item.error ?? `${item.step}…`,
    error: item.error !== null,
    remove: item.error !== null ? () => onDismiss(item.key) : null,
  }))
  const shown = [...stored, ...incoming]
  const room = MAX_PHOTOS_PER_SIDE - stored.length - pending.filter((item) => !item.error).length

  function pick(event: ChangeEvent<HTMLInputElement>, replace: boolean) {
    const picked = [...(event.target.files ?? [])]
    event.target.value = ''
    if (picked.length > 0) onPick(picked.slice(0, replace ? MAX_PHOTOS_PER_SIDE : Math.max(room, 0)), replace)
  }

  const [first, ...more] = shown
  return (
    <section aria-labelledby={`${id}-title`} className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <label className="group relative flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-lg border-2 border-dashed bg-muted/40 text-center text-sm text-muted-foreground focus-within:ring-[3px] focus-within:ring-ring/50 hover:bg-muted">
        {first ? (
          <>
            {first.src && (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={first.src} alt={`${title} photo 1`} fetchPriority={onTop ? 'high' : 'auto'} className="absolute inset-0 size-full object-cover" />
            )}
            <span className="relative mt-auto mb-2 rounded-md bg-background/90 px-2 py-1 font-medium text-foreground">Click to change image</span>
          </>
        ) : (
          <>
            <ImagePlus aria-hidden="true" className="size-8" />
            <span className="font-medium text-foreground">Take or choose a photo</span>
          </>
        )}
        <input type="file" accept="image/*" className="sr-only" aria-label={`${title} photo`} disabled={disabled} onChange={(event) => pick(event, true)} />
      </label>
      {shown.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={`${title} photos`}>
          {[first!, ...more].map((photo, index) => (
            <li key={photo.key} className="grid content-start gap-1 text-xs">
              <div className="relative aspect-square overflow-hidden rounded-md border bg-muted">
                {photo.src && (
                  // The first photo is shown large above, with its name; here it is only a thumbnail.
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={photo.src} alt={index === 0 ? '' : `${title} photo ${index + 1}`} className="size-full object-cover" />
                )}
                {photo.remove && (
                  <Button
                    type="button"
                    size="icon"
                    variant="secondary"
                    className="absolute top-1 right-1 size-11 rounded-full opacity-90"
                    aria-label={`Remove ${title} photo ${index + 1}`}
                    disabled={disabled}
                    onClick={photo.remove}
                  >
                    <X aria-hidden="true" />
                  </Button>
                )}
              </div>
              <span className={photo.error ? 'text-destructive' : 'flex items-center gap-1 text-muted-foreground'}>
                {!photo.error && photo.note.endsWith('…') && <Spinner className="size-3" />}
                {photo.note}
              </span>
            </li>
          ))}
        </ul>
      )}
      {shown.length > 0 && room > 0 && (
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 justify-self-start rounded-md border border-input px-3 text-sm font-medium hover:bg-accent focus-within:ring-[3px] focus-within:ring-ring/50">
          <Plus aria-hidden="true" className="size-4" />
          Add another shelf
          <input type="file" accept="image/*" multiple className="sr-only" aria-label={`Add another ${title} photo`} disabled={disabled} onChange={(event) => pick(event, false)} />
        </label>
      )}
      {side && <SideSummary label={title === 'Start of Day' ? 'Morning count' : 'Evening count'} side={side} timeZone={timeZone} />}
    </section>
  )
}
