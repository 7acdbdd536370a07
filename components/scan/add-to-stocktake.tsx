'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { initialActionState } from '@/lib/actions/action-state'
import { countStocktakePhotos } from '@/lib/actions/analyse-stocktake'
import type { DetectionList } from '@/lib/counting/barcode/detections'
import { chooseEvidence } from '@/lib/counting/scan/evidence-frames'
import type { TrackedLabel } from '@/lib/counting/scan/label-tracker'
import type { Side } from '@/lib/stocktakes/photo-path'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { form, stocktakeFor, storeStockPhoto, type Stocktake } from '@/components/upload/store-stock-photo'
import type { KeptFrame } from './use-live-count'

const SIDES: { side: Side; label: string; count: string }[] = [
  { side: 'start', label: 'Morning count', count: 'morning' },
  { side: 'end', label: 'Evening count', count: 'evening' },
]

interface AddToStocktakeProps {
  stocktake: Stocktake | null
  labels: number
  snapshot: () => Promise<{ labels: TrackedLabel[]; frames: Map<number, KeptFrame> }>
  onAdded: () => void
}

const tenth = (value: number) => Math.round(value * 10) / 10

/** A kept frame's labels as a photo's detections: places in the kept JPEG's pixels. */
function detectionsOf(kept: KeptFrame, codes: readonly TrackedLabel['first'][]): DetectionList {
  const place = (value: number) => tenth(value * kept.scale)
  return {
    width: kept.width,
    height: kept.height,
    codes: codes.map((code) => ({ format: code.format, text: code.text, x: place(code.x), y: place(code.y), size: place(code.size), angle: code.angle })),
  }
}

/**
 * Saves the tally as the morning or evening count of today's stocktake: the
 * fewest kept frames that show every counted label, each stored as a photo
 * whose codes are the labels placed in it (so each label counts once), the
 * way a photo counted on the phone is stored. The review shows the frames.
 */
export function AddToStocktake({ stocktake, labels, snapshot, onAdded }: AddToStocktakeProps) {
  const router = useRouter()
  const [saving, setSaving] = useState<Side | null>(null)

  async function add(side: Side, count: string) {
    setSaving(side)
    try {
      const taken = await snapshot()
      const evidence = chooseEvidence(taken.labels, new Set(taken.frames.keys()))
      const target = await stocktakeFor(stocktake)
      for (const [index, { frame, codes }] of evidence.entries()) {
        const kept = taken.frames.get(frame)!
        const photo = { blob: kept.jpeg, extension: 'jpg' as const, preview: null, header: null, cameraTime: null }
        await storeStockPhoto(target, side, photo, { name: `Frame ${index + 1}`, detections: async () => detectionsOf(kept, codes) })
      }
      const counting = await countStocktakePhotos(initialActionState, form({ session_id: target.id }))
      if (!counting.ok) throw new Error(counting.message ?? 'The stocktake could not be counted')
      const placed = evidence.reduce((sum, frame) => sum + frame.codes.length, 0)
      toast.success("Added to today's stocktake", {
        description: `${placed} ${placed === 1 ? 'label' : 'labels'} as the ${count} count, with ${evidence.length} ${evidence.length === 1 ? 'frame' : 'frames'} to check them by.`,
        action: { label: 'Open', onClick: () => router.push('/upload') },
      })
      onAdded()
    } catch (error) {
      toast.error('Not added to the stocktake', { description: error instanceof Error ? error.message : String(error) })
    } finally {
      setSaving(null)
    }
  }

  return (
    <div role="group" aria-label="Add to stocktake" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium">Add to stocktake:</span>
      {SIDES.map(({ side, label, count }) => (
        <Button key={side} variant="secondary" disabled={labels === 0 || saving !== null} onClick={() => void add(side, count)}>
          {saving === side && <Spinner />}
          {label}
        </Button>
      ))}
    </div>
  )
}
