'use client'

import type { ReactElement } from 'react'
import { toast } from 'sonner'
import { initialActionState } from '@/lib/actions/action-state'
import { removeStocktakePhotos, undoPhotoRemoval, type RemovalState } from '@/lib/actions/remove-stocktake-photos'
import { ConfirmActionDialog } from '@/components/feedback/confirm-action-dialog'
import { form } from './store-stock-photo'

/** How long the toast offers Undo: long enough to notice a wrong tap. */
export const UNDO_MS = 10_000

interface RemovePhotosButtonProps {
  sessionId: string
  photoIds: string[]
  /** what is removed, as the dialog names it: "Start of Day photo 2", "all 3 Start of Day photos" */
  what: string
  /** the count the photos are part of, e.g. "Morning count" */
  count: string
  trigger: ReactElement
  /** after the removal, and after Undo: the side takes focus back, as the buttons pressed are gone */
  onRemoved: () => void
  onRestored: () => void
}

async function undo(removalId: string, onRestored: () => void) {
  const state = await undoPhotoRemoval(initialActionState, form({ removal_id: removalId })).catch(() => null)
  if (state?.ok) {
    toast.success(state.message ?? 'Photos put back')
    onRestored()
    return
  }
  // Kept on the server for minutes: Undo can be sent again once the phone is back online.
  toast.error('Photos not put back', {
    description: state?.message ?? 'The server could not be reached. Check your connection.',
    duration: UNDO_MS,
    action: state ? undefined : { label: 'Try again', onClick: () => void undo(removalId, onRestored) },
  })
}

/** Removes a side's photos after asking; the toast then offers Undo, which puts back the same photos with their counts. */
export function RemovePhotosButton({ sessionId, photoIds, what, count, trigger, onRemoved, onRestored }: RemovePhotosButtonProps) {
  const one = photoIds.length === 1
  return (
    <ConfirmActionDialog
      trigger={trigger}
      title={`Remove ${what}?`}
      description={`${one ? 'Its labels come' : 'Their labels come'} out of the ${count.toLowerCase()}. You can undo this for a few seconds.`}
      confirmLabel={one ? 'Remove photo' : `Remove ${photoIds.length} photos`}
      pendingLabel="Removing..."
      cancelLabel={one ? 'Keep it' : 'Keep them'}
      action={removeStocktakePhotos}
      fields={{ session_id: sessionId, photo_ids: photoIds.join(',') }}
      errorTitle={one ? 'Photo not removed' : 'Photos not removed'}
      onDone={(state: RemovalState) => {
        onRemoved()
        const { removalId } = state
        toast.success(state.message ?? 'Photos removed', {
          duration: UNDO_MS,
          action: removalId ? { label: 'Undo', onClick: () => void undo(removalId, onRestored) } : undefined,
        })
      }}
    />
  )
}
