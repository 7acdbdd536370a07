'use client'

import { useCallback, useEffect, useRef, useState, useTransition } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { initialActionState } from '@/lib/actions/action-state'
import { countStocktakePhotos } from '@/lib/actions/analyse-stocktake'
import { canDecodeOnDevice, decodeOnDevice, DeviceDecodeError, type DeviceCount } from '@/lib/counting/barcode/device-decoder'
import { resizeImages, STOCK_PHOTO, STOCK_PREVIEW } from '@/lib/images/resize-image'
import { newRequestId } from '@/lib/request-id'
import type { Side } from '@/lib/stocktakes/photo-path'
import { PHOTO_HEADER_BYTES } from '@/lib/stocktakes/photo-limits'
import { form, stocktakeFor, storeStockPhoto, type PreparedPhoto as Prepared, type Stocktake } from './store-stock-photo'

/** A photo on its way into the stocktake, shown until the page shows it stored (or with what went wrong). */
export interface PendingPhoto {
  key: string
  side: Side
  name: string
  preview: string
  step: string
  error: string | null
  /** the stored photo this one is changing (shown in its place until the page shows the new one) */
  replaces: string | null
  /** codes read on this phone: so far, then all of them once `counted` */
  found: number | null
  counted: boolean
}

/** How the page counts: on this phone (barcodes; the server otherwise), and whether the photos stay here. */
export interface CountingChoice {
  onDevice: boolean
  keepOnDevice: boolean
}

const notAPhoto = (file: File) => new Error(`"${file.name}" is not a photo this browser can read. Choose a JPEG, PNG or WebP image.`)

/**
 * The original's first bytes, where the camera wrote when it took the photo,
 * read before the photo is shrunk (which drops them); then the photo upright
 * and at most 4096 px. A file the browser cannot read is refused before
 * anything is uploaded.
 */
async function preparePhoto(file: File): Promise<Prepared> {
  const header = file.slice(0, PHOTO_HEADER_BYTES)
  try {
    const [photo, preview] = await resizeImages(file, [STOCK_PHOTO, STOCK_PREVIEW])
    return { header, ...photo!, preview: preview!.blob, cameraTime: null }
  } catch {
    throw notAPhoto(file)
  }
}

/**
 * A photo that stays on the phone: what goes up is the sheet of its labels'
 * crops, and the camera's time read here (the original's first bytes would
 * carry part of the photo, and its thumbnail).
 */
async function prepareLabels(file: File, read: Promise<Read>): Promise<Prepared> {
  const result = await read
  if (!('count' in result)) {
    if ('unreadable' in result && result.unreadable) throw notAPhoto(file)
    throw new Error(`The codes in "${file.name}" could not be read on this phone, and it keeps its photos: switch off "Keep photos on this phone" to have the server count it.`)
  }
  const { readCameraTime } = await import('@/lib/stocktakes/camera-time')
  const camera = readCameraTime(await file.slice(0, PHOTO_HEADER_BYTES).arrayBuffer())
  return { blob: result.count.sheet!, extension: 'jpg', preview: null, header: null, cameraTime: camera ? `${camera.local}${camera.offset ?? ''}` : null }
}

type Read = { count: DeviceCount } | { error: string; unreadable: boolean } | { skipped: true }

/**
 * Puts picked photos into the open stocktake, one by one (upload, then the
 * server's check), or one photo in place of a stored one (`replaces`: the
 * server swaps them once the new one is stored, so a failed upload leaves the
 * old photo and the other photos are never touched); then starts counting
 * them and refreshes the page, which shows them stored.
 */
export function useSideUpload(current: Stocktake | null, choice: CountingChoice) {
  const router = useRouter()
  const [pending, setPending] = useState<PendingPhoto[]>([])
  const [refreshing, startRefresh] = useTransition()
  const previews = useRef(new Set<string>())
  // A preview's file is let go once the page no longer shows it (and when the page goes).
  useEffect(() => {
    if (refreshing) return
    const shown = new Set(pending.map((item) => item.preview))
    for (const url of previews.current) {
      if (shown.has(url)) continue
      URL.revokeObjectURL(url)
      previews.current.delete(url)
    }
  }, [pending, refreshing])
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), [])
  const update = (key: string, change: Partial<PendingPhoto>) => setPending((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)))

  const add = useCallback(
    async (side: Side, files: File[], replaces: string | null = null) => {
      const picked = replaces ? files.slice(0, 1) : files
      const items = picked.map((file) => ({ key: newRequestId(), side, name: file.name, preview: URL.createObjectURL(file), step: 'Waiting', error: null, replaces, found: null, counted: false }))
      for (const item of items) previews.current.add(item.preview)
      setPending((all) => [...all, ...items])
      // Each photo is read on this phone as soon as it is picked (in the worker, one after another, while
      // the photos upload): its count is on screen before its upload ends. Else the server counts it.
      const onDevice = choice.onDevice && canDecodeOnDevice()
      const keep = onDevice && choice.keepOnDevice
      const reads = picked.map((file, index): Promise<Read> => {
        const { key } = items[index]!
        if (!onDevice) return Promise.resolve({ skipped: true })
        return decodeOnDevice(file, { crops: keep, onProgress: (codes) => update(key, { found: codes.length }) }).then(
          (count) => {
            update(key, { found: count.list.codes.length, counted: true })
            return { count }
          },
          (error: unknown) => ({ error: error instanceof Error ? error.message : String(error), unreadable: error instanceof DeviceDecodeError && error.unreadable }),
        )
      })
      let stocktake: Stocktake | null = current
      for (const [index, file] of picked.entries()) {
        const { key } = items[index]!
        try {
          update(key, { step: 'Preparing' })
          const photo = keep ? await prepareLabels(file, reads[index]!) : await preparePhoto(file)
          stocktake = await stocktakeFor(stocktake)
          const detections = async () => {
            const read = await reads[index]!
            return 'count' in read ? read.count.list : null
          }
          await storeStockPhoto(stocktake, side, photo, { name: file.name, replaces, detections, onStep: (step) => update(key, { step }) })
          update(key, { step: 'Saved' })
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          update(key, { step: replaces ? 'Not changed' : 'Not added', error: message })
          toast.error(replaces ? 'Photo not changed' : 'Photo not added', { description: message })
        }
      }
      if (stocktake) {
        const counting = await countStocktakePhotos(initialActionState, form({ session_id: stocktake.id }))
        if (!counting.ok) toast.error('Photos not counted', { description: counting.message })
      }
      // The stored photos and the refreshed page arrive together: nothing blinks out in between.
      startRefresh(() => {
        router.refresh()
        setPending((all) => all.filter((item) => item.error !== null || !items.some((added) => added.key === item.key)))
      })
    },
    [current, router, choice.onDevice, choice.keepOnDevice],
  )

  const dismiss = useCallback((key: string) => setPending((all) => all.filter((item) => item.key !== key)), [])
  const uploading = pending.some((item) => item.error === null) || refreshing
  return { pending, add, dismiss, uploading }
}
