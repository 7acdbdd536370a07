'use client'

import { useCallback, useEffect, useRef, useState, useTransition } from 'react'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { initialActionState } from '@/lib/actions/action-state'
import { countStocktakePhotos } from '@/lib/actions/analyse-stocktake'
import { canDecodeOnDevice, decodeOnDevice, DeviceDecodeError, warmDeviceDecoder } from '@/lib/counting/barcode/device-decoder'
import type { DetectionList } from '@/lib/counting/barcode/detections'
import { useBrowserOnline } from '@/lib/hooks/use-browser-online'
import { openPhotoQueue, retryDelay, sendWaiting, type PhotoQueue, type QueuedPhoto } from '@/lib/offline/photo-queue'
import { newRequestId } from '@/lib/request-id'
import type { Side } from '@/lib/stocktakes/photo-path'
import type { Connection } from './offline-notice'
import { prepareLabels, preparePhoto, type Read } from './prepare-photo'
import { form, stocktakeFor, storeStockPhoto, type Stocktake } from './store-stock-photo'

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
  /** the codes' texts, once all are read on this phone */
  codes: string[] | null
  /** kept on this phone until the connection lets it go up */
  waiting: boolean
}

/** How the page counts: on this phone (barcodes; the server otherwise), and whether the photos stay here. */
export interface CountingChoice {
  onDevice: boolean
  keepOnDevice: boolean
}

export const WAITING = 'Waiting to upload'
const notAdded = (replaces: string | null) => (replaces ? 'Not changed' : 'Not added')
const listOf = (read: Read | undefined): DetectionList | null => (read && 'count' in read ? read.count.list : null)

// One queue for the page, opened on first use; null where the browser keeps no IndexedDB.
let opened: Promise<PhotoQueue | null> | null = null
const queue = () => (opened ??= openPhotoQueue().catch(() => null))

/**
 * Puts picked photos into the open stocktake. Each photo is prepared on the
 * phone (and its codes read there), kept in the phone's photo queue with when
 * it was picked, then sent in the order taken: at once when there is a
 * connection, else when it comes back (a reload or a closed tab loses none).
 * A photo's key names its file, so an upload cut half-way is sent again and
 * stored once. Changing a stored photo (`replaces`) goes the same way: the
 * server swaps them once the new one is stored. Once photos are in, counting
 * starts and the page refreshes to show them stored.
 */
export function useSideUpload(current: Stocktake | null, choice: CountingChoice, userId: string) {
  const router = useRouter()
  const online = useBrowserOnline()
  const [pending, setPending] = useState<PendingPhoto[]>([])
  /** the last try got no answer, whatever navigator.onLine says */
  const [cut, setCut] = useState(false)
  const [refreshing, startRefresh] = useTransition()
  const previews = useRef(new Set<string>())
  const reads = useRef(new Map<string, Promise<Read>>())
  const target = useRef(current)
  const sending = useRef(false)
  const again = useRef(false)
  const countDue = useRef<string | null>(null)
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    target.current = current
  }, [current])
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
  const update = useCallback((key: string, change: Partial<PendingPhoto>) => setPending((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item))), [])
  const preview = useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob)
    previews.current.add(url)
    return url
  }, [])

  const send = useCallback(async (photo: QueuedPhoto, photos: PhotoQueue) => {
    update(photo.key, { step: 'Uploading', waiting: false })
    let stocktake = photo.stocktake
    if (!stocktake) {
      stocktake = target.current = await stocktakeFor(target.current)
      await photos.patch(photo.key, { stocktake })
    }
    const detections = async () => photo.detections ?? listOf(await reads.current.get(photo.key))
    const onStep = (step: string) => update(photo.key, { step })
    await storeStockPhoto(stocktake, photo.side, photo.photo, { name: photo.name, key: photo.key, pickedAt: photo.pickedAt, replaces: photo.replaces, detections, onStep })
    update(photo.key, { step: 'Saved' })
    countDue.current = stocktake.id
  }, [update])

  const drain = useCallback(async (): Promise<void> => {
    const photos = await queue()
    if (!photos || !navigator.onLine) return
    if (sending.current) return void (again.current = true)
    sending.current = true
    clearTimeout(retry.current)
    const sent = new Set<string>()
    let interrupted: QueuedPhoto | null = null
    try {
      do {
        again.current = false
        const run = await sendWaiting(photos, userId, (photo) => send(photo, photos))
        run.sent.forEach((key) => sent.add(key))
        for (const { key, replaces, message } of run.refused) {
          update(key, { step: notAdded(replaces), error: message, waiting: false })
          toast.error(replaces ? 'Photo not changed' : 'Photo not added', { description: message })
        }
        interrupted = run.interrupted
      } while (again.current && !interrupted)
    } finally {
      sending.current = false
    }
    setCut(interrupted !== null)
    if (interrupted) {
      update(interrupted.key, { step: WAITING, waiting: true })
      retry.current = setTimeout(() => void drain(), retryDelay(interrupted.attempts))
    }
    const session = countDue.current
    if (session) {
      const counting = await countStocktakePhotos(initialActionState, form({ session_id: session })).catch(() => null)
      if (counting?.ok) countDue.current = null
      else if (counting) toast.error('Photos not counted', { description: counting.message })
    }
    if (sent.size === 0) return
    // The stored photos and the refreshed page arrive together: nothing blinks out in between.
    startRefresh(() => {
      router.refresh()
      setPending((all) => all.filter((item) => !sent.has(item.key)))
    })
  }, [router, send, update, userId])

  // Photos left waiting by an earlier visit (offline, a closed tab) are shown, and sent.
  useEffect(() => {
    let live = true
    void queue().then(async (photos) => {
      const saved = photos ? await photos.list(userId) : []
      if (!live || saved.length === 0) return
      const shown = saved.map(({ key, side, name, photo, error, replaces, detections }): PendingPhoto => {
        const step = error === null ? WAITING : notAdded(replaces)
        const codes = detections?.codes.map((code) => code.text) ?? null
        return { key, side, name, preview: preview(photo.preview ?? photo.blob), step, error, replaces, found: codes?.length ?? null, counted: codes !== null, codes, waiting: error === null }
      })
      setPending((all) => [...all, ...shown.filter((photo) => !all.some((item) => item.key === photo.key))])
      void drain()
    })
    return () => {
      live = false
    }
  }, [userId, drain, preview])
  // Back online: what waits goes at once.
  useEffect(() => {
    if (online) void drain()
  }, [online, drain])
  useEffect(() => () => clearTimeout(retry.current), [])
  // The phone's decoder is loaded while the page has a network: photos picked offline are counted too.
  useEffect(() => {
    if (!choice.onDevice) return
    const later = setTimeout(warmDeviceDecoder, 1_000)
    return () => clearTimeout(later)
  }, [choice.onDevice])

  const add = useCallback(
    async (side: Side, files: File[], replaces: string | null = null) => {
      const picked = replaces ? files.slice(0, 1) : files
      const pickedAt = new Date().toISOString()
      const items = picked.map((file) => ({ key: newRequestId(), side, name: file.name, preview: preview(file), step: 'Preparing', error: null, replaces, found: null, counted: false, codes: null, waiting: false }))
      setPending((all) => [...all, ...items])
      // Each photo is read on this phone as soon as it is picked (in the worker, one after another, while
      // the photos upload): its count is on screen before its upload ends. Else the server counts it.
      const onDevice = choice.onDevice && canDecodeOnDevice()
      const keep = onDevice && choice.keepOnDevice
      const photos = await queue()
      for (const [index, file] of picked.entries()) {
        const { key } = items[index]!
        if (!onDevice) continue
        const read = decodeOnDevice(file, { crops: keep, onProgress: (codes) => update(key, { found: codes.length }) }).then(
          (count): Read => ({ count }),
          (error: unknown): Read => ({ error: error instanceof Error ? error.message : String(error), unreadable: error instanceof DeviceDecodeError && error.unreadable }),
        )
        reads.current.set(key, read)
      }
      for (const [index, file] of picked.entries()) {
        const { key } = items[index]!
        try {
          if (!photos) throw new Error('This browser cannot keep photos to upload. Allow this site to store data, then pick the photo again.')
          const read = reads.current.get(key) ?? Promise.resolve<Read>({ skipped: true })
          const photo = keep ? await prepareLabels(file, read) : await preparePhoto(file)
          await photos.put({ key, userId, side, name: file.name, pickedAt, order: index, replaces, photo, detections: null, stocktake: null, attempts: 0, error: null })
          // The count is kept with the photo (it goes up with it after a reload too), and shown once it is:
          // a page closed right after shows no count the phone has lost.
          void read.then(async (done) => {
            if (!('count' in done)) return
            await photos.patch(key, { detections: done.count.list }).catch(() => {})
            update(key, { found: done.count.list.codes.length, counted: true, codes: done.count.list.codes.map((code) => code.text) })
          })
          update(key, { step: WAITING, waiting: true })
          void drain()
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          update(key, { step: notAdded(replaces), error: message })
          toast.error(replaces ? 'Photo not changed' : 'Photo not added', { description: message })
        }
      }
    },
    [choice.onDevice, choice.keepOnDevice, drain, preview, update, userId],
  )

  const dismiss = useCallback((key: string) => {
    setPending((all) => all.filter((item) => item.key !== key))
    void queue().then((photos) => photos?.remove(key))
  }, [])
  const uploading = pending.some((item) => item.error === null && !item.waiting) || refreshing
  const waiting = pending.filter((item) => item.waiting).length
  const connection: Connection = !online ? 'offline' : cut ? 'dropped' : 'online'
  return { pending, add, dismiss, uploading, waiting, connection }
}
