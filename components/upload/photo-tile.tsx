'use client'

import type { ChangeEvent, ReactNode } from 'react'
import { RefreshCw } from 'lucide-react'
import { Spinner } from '@/components/ui/spinner'

/** A photo as the side shows it: stored, on its way in, or one that did not make it. */
export interface ShownPhoto {
  key: string
  src: string | null
  note: string
  error: boolean
  /** the stored photo's id, when it can be changed or removed now */
  photoId: string | null
  /** dismisses a photo that did not make it (nothing stored, nothing to ask) */
  dismiss: (() => void) | null
  /** the phone counted it: the server can count it again */
  countAgain: (() => void) | null
  /** only its labels were uploaded: the photo stayed on the phone */
  kept: boolean
}

interface PhotoTileProps {
  photo: ShownPhoto
  /** e.g. "Start of Day photo 2" */
  name: string
  /** the first photo is shown large above, with its name and its own change control */
  first: boolean
  disabled: boolean
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  /** the remove button (it asks first for a stored photo) */
  remove: ReactNode
}

/** One photo in a side's list: tap it to change it for another, or remove it with its button. */
export function PhotoTile({ photo, name, first, disabled, onChange, remove }: PhotoTileProps) {
  const changeable = photo.photoId !== null && !first
  return (
    <li className="grid content-start gap-1 text-xs">
      <div className="relative aspect-square overflow-hidden rounded-md border bg-muted">
        {photo.src && (
          // The first photo is shown large above, with its name; here it is only a thumbnail.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={photo.src} alt={first ? '' : name} className="size-full object-cover" />
        )}
        {changeable && (
          <label className="absolute inset-0 flex cursor-pointer items-end p-1 focus-within:ring-[3px] focus-within:ring-ring/50 focus-within:ring-inset">
            <span className="grid size-8 place-items-center rounded-full bg-background/90 text-foreground">
              <RefreshCw aria-hidden="true" className="size-4" />
            </span>
            <input type="file" accept="image/*" className="sr-only" aria-label={`Change image: ${name}`} disabled={disabled} onChange={onChange} />
          </label>
        )}
        {remove}
      </div>
      <span className={photo.error ? 'text-destructive' : 'flex items-center gap-1 text-muted-foreground'}>
        {!photo.error && photo.note.endsWith('…') && <Spinner className="size-3" />}
        {photo.note}
      </span>
      {photo.kept && <span className="text-muted-foreground">Photo kept on the phone</span>}
      {photo.countAgain && (
        <button
          type="button"
          className="min-h-8 text-left font-medium text-primary underline-offset-2 hover:underline disabled:opacity-50"
          aria-label={`Count again on the server: ${name}`}
          disabled={disabled}
          onClick={photo.countAgain}
        >
          Count again on the server
        </button>
      )}
    </li>
  )
}
