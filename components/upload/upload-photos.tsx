'use client'

import { useState, type ReactNode } from 'react'
import { ScanBarcode } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { AnalysisProgress } from './analysis-progress'
import { PhotoSidePicker } from './photo-side-picker'
import { useStocktakeUpload } from './use-stocktake-upload'
import { MISSING_IMAGES } from '@/lib/validations/stocktake'

/** The stocktake: photos of the shelves in the morning and in the evening, counted and compared. */
export function UploadPhotos({ recent }: { recent?: ReactNode }) {
  const [start, setStart] = useState<File[]>([])
  const [end, setEnd] = useState<File[]>([])
  const { state, run, retry, reset } = useStocktakeUpload()
  const busy = state.phase === 'uploading' || state.phase === 'analysing'
  const ready = start.length > 0 && end.length > 0
  const sides = [
    { title: 'Start of Day', description: 'Before you open: one photo per shelf.', files: start, set: setStart },
    { title: 'End of Day', description: 'After you close: the same shelves again.', files: end, set: setEnd },
  ] as const

  function analyse() {
    if (!ready) {
      toast.error(MISSING_IMAGES.title, { description: MISSING_IMAGES.description })
      return
    }
    void run(start, end)
  }

  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Upload Photos</h1>
        <p className="mt-1 text-muted-foreground">
          Photograph each shelf at the start and at the end of the day. ShelfSnap counts the barcode and QR labels it sees, and
          you check the counts before any stock changes.
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          For exact counts: one shelf per photo, labels facing the camera, close enough that every barcode is sharp.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {sides.map((side) => (
          <PhotoSidePicker
            key={side.title}
            title={side.title}
            description={side.description}
            files={side.files}
            disabled={busy}
            onChange={(files) => {
              side.set(files)
              if (state.phase === 'failed') reset()
            }}
          />
        ))}
      </div>
      <div className="grid justify-items-center gap-2">
        <Button size="lg" className="w-full sm:w-auto" disabled={!ready || busy} onClick={analyse}>
          {busy ? <Spinner /> : <ScanBarcode aria-hidden="true" />}
          Analyze Inventory
        </Button>
        {!ready && <p className="text-sm text-muted-foreground">Upload both images to start analysis</p>}
      </div>
      <AnalysisProgress state={state} onRetry={retry} />
      {recent}
    </main>
  )
}
