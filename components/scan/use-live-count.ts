'use client'

import { useCallback, useRef, useState } from 'react'
import type { CatalogueItem } from '@/lib/counting/analyser'
import type { CameraFrame } from '@/lib/counting/barcode/device-decoder'
import { LabelTracker, type TrackedLabel } from '@/lib/counting/scan/label-tracker'
import type { CodeMark } from './camera-view'
import { markName, useProductOf, type CodeProduct } from './product-names'
import type { DecodedFrame } from './use-frame-reader'

/** A frame kept as evidence: a JPEG of it, and how much smaller than the frame it is. */
export interface KeptFrame {
  jpeg: Blob
  width: number
  height: number
  scale: number
}

/** Frames are kept at up to 1920 px: enough to see each label in the review, small enough to keep dozens. */
const EVIDENCE_SIDE = 1920

/** Draws the frame (and lets the camera have it back at once), then makes a JPEG of the drawing. */
async function keepFrame(frame: CameraFrame, size: { width: number; height: number }): Promise<KeptFrame> {
  const scale = Math.min(1, EVIDENCE_SIDE / Math.max(size.width, size.height))
  const [width, height] = [Math.round(size.width * scale), Math.round(size.height * scale)]
  const canvas = new OffscreenCanvas(width, height)
  canvas.getContext('2d')!.drawImage(frame, 0, 0, width, height)
  frame.close()
  return { jpeg: await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 }), width, height, scale }
}

export interface TallyLine {
  key: string
  product: CodeProduct | null
  text: string
  count: number
}

/** The running tally: a line a product (a code the catalogue does not have is a line of its own), in order of first sighting. */
function tallyOf(labels: readonly TrackedLabel[], productOf: (text: string) => CodeProduct | null): TallyLine[] {
  const lines = new Map<string, TallyLine>()
  for (const label of labels) {
    const product = productOf(label.text)
    const key = product ? product.id : `${label.format}:${label.text}`
    const line = lines.get(key) ?? { key, product, text: label.text, count: 0 }
    line.count++
    lines.set(key, line)
  }
  return [...lines.values()]
}

interface LiveView {
  frame: { width: number; height: number } | null
  marks: CodeMark[]
  tally: TallyLine[]
  labels: number
  decoded: number
}

const EMPTY: LiveView = { frame: null, marks: [], tally: [], labels: 0, decoded: 0 }

/**
 * The live count: each decoded frame goes through the tracker, its codes are
 * marked, the tally follows; every frame in which a label was first seen is
 * kept (as a JPEG) so that each counted label has a frame to show it in.
 */
export function useLiveCount(catalogue: readonly CatalogueItem[]) {
  const productOf = useProductOf(catalogue)
  const [tracker] = useState(() => new LabelTracker())
  const kept = useRef(new Map<number, Promise<KeptFrame>>())
  const [view, setView] = useState<LiveView>(EMPTY)

  const onFrame = useCallback(
    ({ read, frame, at }: DecodedFrame) => {
      const update = tracker.update(read.codes, read, at)
      if (update.created.length > 0) kept.current.set(update.frame, keepFrame(frame, read))
      else frame.close()
      const marks = update.marks.map(({ label, code }) => {
        const product = productOf(code.text)
        return { key: String(label.id), x: code.x, y: code.y, size: code.size, angle: code.angle, known: product !== null, name: markName(code.text, product) }
      })
      const labels = tracker.labels
      setView((last) => ({ frame: { width: read.width, height: read.height }, marks, tally: tallyOf(labels, productOf), labels: labels.length, decoded: last.decoded + 1 }))
    },
    [tracker, productOf],
  )

  const clear = useCallback(() => {
    tracker.clear()
    kept.current = new Map()
    setView((last) => ({ ...EMPTY, frame: last.frame, decoded: last.decoded }))
  }, [tracker])

  /** The counted labels and the frames kept of them, for saving. */
  const snapshot = useCallback(async () => {
    const frames = new Map<number, KeptFrame>()
    for (const [frame, jpeg] of kept.current) frames.set(frame, await jpeg)
    return { labels: tracker.labels, frames }
  }, [tracker])

  return { view, onFrame, clear, snapshot }
}
