'use client'

import type { ReactNode } from 'react'
import Link from 'next/link'
import { ScanBarcode } from 'lucide-react'
import { toast } from 'sonner'
import type { OpenStocktakeView } from '@/lib/workflows/open-stocktake-view'
import { STAGE_LABELS } from '@/lib/stocktakes/stage'
import { MISSING_IMAGES } from '@/lib/stocktakes/photo-limits'
import type { CodedProduct } from '@/components/scan/product-names'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { DiscardStocktakeButton } from '@/components/stocktakes/discard-stocktake-button'
import { AnalysisProgress } from './analysis-progress'
import { KeepPhotosSetting, useKeepPhotosOnDevice } from './keep-photos-setting'
import { OfflineNotice, REVIEW_NEEDS_CONNECTION } from './offline-notice'
import { PhotoSidePicker } from './photo-side-picker'
import { useLiveStocktake } from './use-live-stocktake'
import { useSideUpload } from './use-side-upload'
import { useAnalyse, useCountAgain, useFollowCounting } from './use-stocktake-progress'
import { useHoldLiveUpdates } from '@/lib/realtime/use-live-changes'

const SIDES = [
  { side: 'start', title: 'Start of Day', description: 'Before you open: one photo per shelf.' },
  { side: 'end', title: 'End of Day', description: 'After you close: the same shelves again.' },
] as const

/**
 * The day's stocktake: morning photos stored and counted as soon as they are
 * picked, so they survive a reload, another device and the evening; then the
 * evening's; then the review.
 */
interface UploadPhotosProps {
  /** as the page was rendered; then as every device of the shop changes it */
  stocktake: OpenStocktakeView | null
  shopId: string
  userId: string
  timeZone: string
  countsOnDevice: boolean
  /** the shop's products, when the phone counts: its count of photos waiting to upload is shown by product */
  catalogue: readonly CodedProduct[]
  recent?: ReactNode
  /** the owner and managers throw a stocktake away; staff cannot */
  canDiscard: boolean
}

export function UploadPhotos(props: UploadPhotosProps) {
  const { userId, timeZone, countsOnDevice, catalogue, recent, canDiscard } = props
  const stocktake = useLiveStocktake(props.stocktake, props.shopId)
  const current = stocktake ? { id: stocktake.id, shopId: stocktake.shopId } : null
  const [keepOnDevice, setKeepOnDevice] = useKeepPhotosOnDevice()
  const { pending, add, dismiss, uploading, waiting, connection } = useSideUpload(current, { onDevice: countsOnDevice, keepOnDevice }, userId)
  const offline = connection !== 'online'
  const countAgain = useCountAgain(stocktake?.id ?? null)
  const { run, analyse, reset } = useAnalyse(stocktake?.id ?? null)
  useFollowCounting(stocktake)
  const busy = uploading || run.phase === 'analysing'
  // photos on their way show as they are until this page reads them back itself
  useHoldLiveUpdates(uploading)
  const has = (side: 'start' | 'end') => (stocktake?.[side].state.photos ?? 0) > 0 || pending.some((item) => item.side === side && !item.error)
  const ready = has('start') && has('end') && waiting === 0

  function start() {
    if (!ready) {
      toast.error(MISSING_IMAGES.title, { description: MISSING_IMAGES.description })
      return
    }
    void analyse()
  }

  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Upload Photos</h1>
        <p className="mt-1 text-muted-foreground">
          Photograph each shelf at the start and at the end of the day. ShelfSnap counts the barcode and QR labels it sees as soon as each photo is in,
          and you check the counts before any stock changes.
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          For exact counts: one shelf per photo, labels facing the camera, close enough that every barcode is sharp.
        </p>
      </div>
      {stocktake && (
        <section aria-label="Today's stocktake" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-muted/30 px-4 py-3">
          <p role="status" className="font-medium">
            Stocktake in progress: {STAGE_LABELS[stocktake.stage]}
          </p>
          <div className="flex flex-wrap gap-2">
            {stocktake.stage === 'ready' &&
              (offline ? (
                <Button variant="secondary" disabled aria-describedby="review-needs-connection">
                  Review the counts
                </Button>
              ) : (
                <Button asChild variant="secondary">
                  <Link href={`/stocktakes/${stocktake.id}`}>Review the counts</Link>
                </Button>
              ))}
            {canDiscard && <DiscardStocktakeButton sessionId={stocktake.id} disabled={busy || offline} />}
          </div>
        </section>
      )}
      <OfflineNotice waiting={waiting} connection={connection} />
      {countsOnDevice && <KeepPhotosSetting on={keepOnDevice} onChange={setKeepOnDevice} disabled={busy} />}
      <div className="grid gap-4 sm:grid-cols-2">
        {SIDES.map(({ side, title, description }, index) => (
          <PhotoSidePicker
            key={side}
            onTop={index === 0}
            title={title}
            description={description}
            sessionId={stocktake?.id ?? null}
            side={stocktake?.[side] ?? null}
            pending={pending.filter((item) => item.side === side)}
            catalogue={catalogue}
            timeZone={timeZone}
            disabled={busy}
            onPick={(files) => {
              reset()
              void add(side, files)
            }}
            onChange={(photoId, file) => {
              reset()
              void add(side, [file], photoId)
            }}
            onDismiss={dismiss}
            onCountAgain={countAgain}
          />
        ))}
      </div>
      <div className="grid justify-items-center gap-2">
        <Button size="lg" className="w-full sm:w-auto" disabled={!ready || busy || offline} onClick={start} aria-describedby={offline ? 'review-needs-connection' : undefined}>
          {busy ? <Spinner /> : <ScanBarcode aria-hidden="true" />}
          Analyze Inventory
        </Button>
        {offline ? (
          <p id="review-needs-connection" className="text-center text-sm text-muted-foreground">
            {REVIEW_NEEDS_CONNECTION}
          </p>
        ) : (
          !ready && <p className="text-sm text-muted-foreground">Upload both images to start analysis</p>
        )}
      </div>
      <AnalysisProgress run={run} problem={stocktake?.problem ?? null} onRetry={start} />
      {recent}
    </main>
  )
}
