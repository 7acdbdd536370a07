'use client'

import { useCallback, useEffect, useId, useRef, type ChangeEvent } from 'react'
import { ImagePlus, Plus, Trash2, X } from 'lucide-react'
import { plural } from '@/lib/format/plural'
import { MAX_PHOTOS_PER_SIDE } from '@/lib/stocktakes/photo-limits'
import type { SideView } from '@/lib/workflows/open-stocktake-view'
import type { CodedProduct } from '@/components/scan/product-names'
import { Button } from '@/components/ui/button'
import { PhotoTile, type ShownPhoto } from './photo-tile'
import { RemovePhotosButton } from './remove-photos-button'
import { SideSummary, sideStatus } from './side-summary'
import type { PendingPhoto } from './use-side-upload'
import { WaitingCount } from './waiting-count'

interface PhotoSidePickerProps {
  title: 'Start of Day' | 'End of Day'
  description: string
  /** the open stocktake, once there is one */
  sessionId: string | null
  /** what the side holds in the open stocktake */
  side: SideView | null
  /** photos on their way in */
  pending: PendingPhoto[]
  /** the shop's products, for the phone's count of photos waiting to upload */
  catalogue: readonly CodedProduct[]
  timeZone: string
  disabled: boolean
  /** new photos for the side */
  onPick: (files: File[]) => void
  /** one stored photo changed for another: that photo only */
  onChange: (photoId: string, file: File) => void
  onDismiss: (key: string) => void
  /** a photo counted on the phone, counted again on the server */
  onCountAgain: (photoId: string) => void
  /** the side at the top of the page: its photo is the first screen's largest picture */
  onTop?: boolean
}

/** A photo on its way in: its step, and the codes this phone has read in it so far (all of them, once counted). */
function pendingNote({ step, found, counted, waiting }: PendingPhoto): string {
  if (waiting) return counted ? `${plural(found ?? 0, 'code')} · ${step}` : step
  if (counted) return `${plural(found ?? 0, 'code')} · ${step}…`
  return found ? `${step}… ${plural(found, 'code')} so far` : `${step}…`
}

/** What the side shows: its stored photos (one being changed shows the new one in its place), then those on their way in. */
function shownPhotos(side: SideView | null, pending: PendingPhoto[], onDismiss: (key: string) => void, onCountAgain: (photoId: string) => void): ShownPhoto[] {
  const swapping = (id: string) => pending.find((item) => item.replaces === id && item.error === null)
  const stored = (side?.photos ?? []).map((photo): ShownPhoto => {
    const swap = swapping(photo.id)
    if (swap) return { key: photo.id, src: swap.preview, note: pendingNote(swap), error: false, photoId: null, dismiss: null, countAgain: null, kept: false }
    const nothing = photo.status === 'analysed' && photo.codesFound === 0
    const note = photo.status === 'failed' ? 'Not counted' : nothing ? (photo.analyser === 'vision' ? 'Nothing recognised' : 'No code found') : photo.status === 'analysed' ? plural(photo.codesFound ?? 0, 'code') : 'Counting…'
    const byPhone = photo.status === 'analysed' && photo.countedOn === 'device' && !photo.keptOnDevice
    return { key: photo.id, src: photo.url, note, error: photo.status === 'failed' || nothing, photoId: photo.id, dismiss: null, countAgain: byPhone ? () => onCountAgain(photo.id) : null, kept: photo.keptOnDevice }
  })
  const incoming = pending
    .filter((item) => item.replaces === null || item.error !== null)
    .map((item): ShownPhoto => ({
      key: item.key,
      src: item.preview,
      note: item.error ?? pendingNote(item),
      error: item.error !== null,
      photoId: null,
      dismiss: item.error !== null ? () => onDismiss(item.key) : null,
      countAgain: null,
      kept: false,
    }))
  return [...stored, ...incoming]
}

/** One side of the stocktake: one photo per shelf, stored as soon as it is picked, and counted. */
export function PhotoSidePicker(props: PhotoSidePickerProps) {
  const { title, description, sessionId, side, pending, catalogue, timeZone, disabled, onPick, onChange, onDismiss, onCountAgain, onTop = false } = props
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const shown = shownPhotos(side, pending, onDismiss, onCountAgain)
  const storedIds = (side?.photos ?? []).map((photo) => photo.id)
  const room = MAX_PHOTOS_PER_SIDE - storedIds.length - pending.filter((item) => item.error === null && item.replaces === null).length
  const count = title === 'Start of Day' ? 'Morning count' : 'Evening count'

  // Focus must not fall to the top of the page. A removal: the dialog hands focus back to its
  // button, which the refreshed side no longer has; once the side shows the change, focus goes to
  // its heading. Undo: the toast goes once pressed, so focus comes to the side straight away.
  const afterRemoval = useRef(false)
  const focusSide = useCallback(() => {
    const active = document.activeElement
    if (!active || active === document.body || active.closest('[data-sonner-toaster]')) heading.current?.focus()
  }, [])
  const storedKey = storedIds.join()
  useEffect(() => {
    if (!afterRemoval.current) return
    afterRemoval.current = false
    focusSide()
  }, [storedKey, focusSide])
  const removed = () => {
    afterRemoval.current = true
  }
  const restored = () => requestAnimationFrame(focusSide)
  // A pick: the page turns its pickers off while the photo goes in (more than once: stored, then
  // counted), which drops the focus; each time they are back, the side's next picker has it, until
  // the owner moves on to something else.
  const section = useRef<HTMLElement>(null)
  const pickedHere = useRef(false)
  useEffect(() => {
    const movedOn = (event: FocusEvent) => {
      if (event.target instanceof Node && !section.current?.contains(event.target)) pickedHere.current = false
    }
    document.addEventListener('focusin', movedOn)
    return () => document.removeEventListener('focusin', movedOn)
  }, [])
  useEffect(() => {
    if (disabled || !pickedHere.current) return
    const active = document.activeElement
    const onPicker = active instanceof HTMLInputElement && active.type === 'file' && section.current?.contains(active)
    if (active && active !== document.body && !onPicker) return
    const next = section.current?.querySelector<HTMLInputElement>('input[data-add-another]') ?? section.current?.querySelector<HTMLInputElement>('input[type="file"]')
    next?.focus({ preventScroll: true })
  }, [disabled])

  function pick(event: ChangeEvent<HTMLInputElement>, replaces: string | null) {
    pickedHere.current = true
    const picked = [...(event.target.files ?? [])]
    event.target.value = ''
    if (picked.length === 0) return
    if (replaces) onChange(replaces, picked[0]!)
    else onPick(picked.slice(0, Math.max(room, 0)))
  }

  const removeButton = (photo: ShownPhoto, name: string) => {
    const button = (
      <Button type="button" size="icon" variant="secondary" className="absolute top-1 right-1 rounded-full opacity-90" aria-label={`Remove ${name}`} disabled={disabled} onClick={photo.dismiss ?? undefined}>
        <X aria-hidden="true" />
      </Button>
    )
    if (photo.dismiss) return button
    if (!photo.photoId || !sessionId) return null
    return <RemovePhotosButton sessionId={sessionId} photoIds={[photo.photoId]} what={name} count={count} trigger={button} onRemoved={removed} onRestored={restored} />
  }

  const [first] = shown
  const changeFirst = first?.photoId ?? null
  return (
    <section ref={section} aria-labelledby={`${id}-title`} className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <div>
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <label className="group relative flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-lg border-2 border-dashed bg-muted/40 text-center text-sm text-muted-foreground focus-within:ring-[3px] focus-within:ring-ring/50 hover:bg-muted">
        {first ? (
          <>
            {first.src && (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={first.src} alt={`${title} photo 1`} fetchPriority={onTop ? 'high' : 'auto'} className="absolute inset-0 size-full object-cover" />
            )}
            {/* The spec's words where there is a pointer; a phone's screen is tapped. Chosen by CSS, so the server's page is right at once. */}
            <span className="relative mt-auto mb-2 rounded-md bg-background/90 px-2 py-1 font-medium text-foreground">
              <span className="pointer-coarse:hidden">Click to change image</span>
              <span className="hidden pointer-coarse:inline">Tap to change image</span>
            </span>
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
          aria-label={changeFirst ? `Change image: ${title} photo 1` : `${title} photo`}
          disabled={disabled}
          onChange={(event) => pick(event, changeFirst)}
        />
      </label>
      {shown.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={`${title} photos`}>
          {shown.map((photo, index) => (
            <PhotoTile
              key={photo.key}
              photo={photo}
              name={`${title} photo ${index + 1}`}
              first={index === 0}
              disabled={disabled}
              onChange={(event) => pick(event, photo.photoId)}
              remove={removeButton(photo, `${title} photo ${index + 1}`)}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {shown.length > 0 && room > 0 && (
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input px-3 text-sm font-medium hover:bg-accent focus-within:ring-[3px] focus-within:ring-ring/50">
            <Plus aria-hidden="true" className="size-4" />
            Add another shelf
            <input type="file" accept="image/*" multiple className="sr-only" aria-label={`Add another ${title} photo`} data-add-another disabled={disabled} onChange={(event) => pick(event, null)} />
          </label>
        )}
        {sessionId && storedIds.length > 1 && (
          <RemovePhotosButton
            sessionId={sessionId}
            photoIds={storedIds}
            what={`all ${storedIds.length} ${title} photos`}
            count={count}
            onRemoved={removed} onRestored={restored}
            trigger={
              <Button type="button" variant="ghost" aria-label={`Remove all ${title} photos`} disabled={disabled}>
                <Trash2 aria-hidden="true" />
                Remove all
              </Button>
            }
          />
        )}
      </div>
      {side && <SideSummary title={title} label={count} side={side} timeZone={timeZone} />}
      <p role="status" className="sr-only">
        {sideStatus(title, side)}
      </p>
      <WaitingCount label={count} pending={pending} catalogue={catalogue} />
    </section>
  )
}
