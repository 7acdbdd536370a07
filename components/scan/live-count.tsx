'use client'

import { useRef, useState, useSyncExternalStore } from 'react'
import { RotateCcw } from 'lucide-react'
import type { CatalogueItem } from '@/lib/counting/analyser'
import { canDecodeOnDevice } from '@/lib/counting/barcode/device-decoder'
import { Button } from '@/components/ui/button'
import type { Stocktake } from '@/components/upload/store-stock-photo'
import { AddToStocktake } from './add-to-stocktake'
import { CameraView } from './camera-view'
import { ScanTally, tallyWords } from './scan-tally'
import { useCamera } from './use-camera'
import { useFrameReader } from './use-frame-reader'
import { useLiveCount } from './use-live-count'

interface LiveCountProps {
  catalogue: CatalogueItem[]
  stocktake: Stocktake | null
  /** the shop counts barcodes (not with the vision model): the tally can go into a stocktake */
  countsBarcodes: boolean
}

const subscribe = () => () => {}

/** The Scan page: every code in the camera's view marked, the labels passed counted once each, the tally saved as a count. */
export function LiveCount({ catalogue, stocktake, countsBarcodes }: LiveCountProps) {
  const decoder = useSyncExternalStore(subscribe, canDecodeOnDevice, () => true)
  const [failed, setFailed] = useState<string | null>(null)
  const camera = useCamera(decoder)
  const video = useRef<HTMLVideoElement>(null)
  const { view, onFrame, clear, snapshot } = useLiveCount(catalogue)
  useFrameReader(video, camera.stream !== null && failed === null, onFrame, setFailed)

  if (!decoder || failed) {
    return (
      <p role="alert" className="rounded-xl border border-dashed px-4 py-10 text-center">
        This browser cannot read barcodes itself{failed ? ` (${failed})` : ''}. Count from photos on Upload Photos instead.
      </p>
    )
  }
  return (
    <div className="grid gap-3" data-frames-decoded={view.decoded}>
      <CameraView camera={camera} video={video} frame={view.frame} marks={view.marks} label="Camera" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-lg font-semibold">
          {tallyWords(view.labels, view.tally.length)}
        </p>
        <Button variant="outline" onClick={clear} disabled={view.labels === 0}>
          <RotateCcw aria-hidden="true" />
          Clear
        </Button>
      </div>
      {countsBarcodes ? (
        <AddToStocktake stocktake={stocktake} labels={view.labels} snapshot={snapshot} onAdded={clear} />
      ) : (
        <p className="text-sm text-muted-foreground">This shop counts with the vision model, which needs whole photos: count on Upload Photos to save a count.</p>
      )}
      <ScanTally lines={view.tally} />
    </div>
  )
}
