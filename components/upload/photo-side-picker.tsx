'use client'

import { useEffect, useId, useMemo, type ChangeEvent } from 'react'
import { ImagePlus, Plus, X } from 'lucide-react'
import { MAX_PHOTOS_PER_SIDE } from '@/lib/validations/stocktake'
import { Button } from '@/components/ui/button'

interface PhotoSidePickerProps {
  title: 'Start of Day' | 'End of Day'
  description: string
  files: File[]
  disabled: boolean
  onChange: (files: File[]) => void
}

/** One side of the stocktake: one photo per shelf, previewed before anything is uploaded. */
export function PhotoSidePicker({ title, description, files, disabled, onChange }: PhotoSidePickerProps) {
  const id = useId()
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files])
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls])

  function pick(event: ChangeEvent<HTMLInputElement>, replace: boolean) {
    const picked = [...(event.target.files ?? [])]
    event.target.value = ''
    if (picked.length === 0) return
    onChange((replace ? picked : [...files, ...picked]).slice(0, MAX_PHOTOS_PER_SIDE))
  }

  const [first, ...more] = urls
  return (
    <section aria-labelledby={`${id}-title`} className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <label className="group relative flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-lg border-2 border-dashed bg-muted/40 text-center text-sm text-muted-foreground focus-within:ring-[3px] focus-within:ring-ring/50 hover:bg-muted">
        {first ? (
          <>
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={first} alt={`${title} photo 1`} className="absolute inset-0 size-full object-cover" />
            <span className="relative mt-auto mb-2 rounded-md bg-background/90 px-2 py-1 font-medium text-foreground">Click to change image</span>
          </>
        ) : (
          <>
            <ImagePlus aria-hidden="true" className="size-8" />
            <span className="font-medium text-foreground">Take or choose a photo</span>
          </>
        )}
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label={`${title} photo`}
          disabled={disabled}
          onChange={(event) => pick(event, true)}
        />
      </label>
      {more.length > 0 && (
        <ul className="grid grid-cols-4 gap-2" aria-label={`More ${title} photos`}>
          {more.map((url, index) => (
            <li key={url} className="relative aspect-square overflow-hidden rounded-md border">
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={url} alt={`${title} photo ${index + 2}`} className="size-full object-cover" />
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {files.length < MAX_PHOTOS_PER_SIDE && (
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input px-3 text-sm font-medium hover:bg-accent focus-within:ring-[3px] focus-within:ring-ring/50">
              <Plus aria-hidden="true" className="size-4" />
              Add another shelf
              <input
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                aria-label={`Add another ${title} photo`}
                disabled={disabled}
                onChange={(event) => pick(event, false)}
              />
            </label>
          )}
          <Button type="button" variant="ghost" disabled={disabled} onClick={() => onChange([])}>
            <X aria-hidden="true" />
            Clear {files.length === 1 ? 'photo' : `${files.length} photos`}
          </Button>
        </div>
      )}
    </section>
  )
}
