'use client'

import { addStocktakePhoto } from '@/lib/actions/add-stocktake-photo'
import { initialActionState, type ActionState } from '@/lib/actions/action-state'
import { startStocktake } from '@/lib/actions/start-stocktake'
import type { DetectionList } from '@/lib/counting/barcode/detections'
import { BACKEND_UNREACHABLE_MESSAGE } from '@/lib/http/outage'
import { UploadInterrupted } from '@/lib/offline/photo-queue'
import { newRequestId } from '@/lib/request-id'
import { previewPathOf, STOCK_PHOTOS_BUCKET, stockPhotoPath, type Side } from '@/lib/stocktakes/photo-path'
import { withShownShop } from '@/lib/shops/shown-shop'

export function form(fields: Record<string, string | Blob>): FormData {
  const data = withShownShop(new FormData())
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

/** A server action's answer; a request that got none (it threw: no network, no server) is an interruption, not a refusal. */
export async function answered<T>(request: Promise<T>): Promise<T> {
  try {
    return await request
  } catch (error) {
    throw new UploadInterrupted(error)
  }
}

export function check(state: ActionState): void {
  if (state.ok) return
  // The database out of reach: the photo waits and goes again, as one picked offline does.
  if (state.message === BACKEND_UNREACHABLE_MESSAGE) throw new UploadInterrupted(state.message)
  throw new Error(state.message ?? 'Something went wrong')
}

export interface Stocktake {
  id: string
  shopId: string
}

/** The stocktake to add to: the one on the page, else the shop's open one (or a new one: it exists from its first photo). */
export async function stocktakeFor(current: Stocktake | null): Promise<Stocktake> {
  if (current) return current
  const started = await answered(startStocktake(initialActionState, form({})))
  check(started)
  if (!('sessionId' in started) || !started.sessionId || !started.shopId) throw new Error('The stocktake could not be started')
  return { id: started.sessionId, shopId: started.shopId }
}

/** A photo ready to go up: the file, its thumbnail, and where its time comes from. */
export interface PreparedPhoto {
  blob: Blob
  extension: 'jpg' | 'webp'
  preview: Blob | null
  /** the original's first bytes, where the camera wrote when it took the photo */
  header: Blob | null
  /** or that time, read on the phone */
  cameraTime: string | null
}

export interface StoreOptions {
  name: string
  /** the phone's key for this photo: a retry with the same key stores it once */
  key?: string
  /** when the phone picked it (ISO): its time if the camera wrote none */
  pickedAt?: string | null
  replaces?: string | null
  /** the phone's codes in the photo; the server counts a photo without them */
  detections?: () => Promise<DetectionList | null>
  onStep?: (step: string) => void
}

type Bucket = ReturnType<ReturnType<typeof import('@/lib/supabase/client').createClient>['storage']['from']>

/**
 * One file up. A file there already is this photo's, from an earlier
 * try whose answer was lost. No answer, or the server failing, is an
 * interruption: the same upload goes again later.
 */
async function uploadOnce(bucket: Bucket, path: string, file: Blob, name: string): Promise<void> {
  const { error } = await bucket.upload(path, file, { contentType: file.type })
  if (!error) return
  const status = 'status' in error && typeof error.status === 'number' ? error.status : null
  // Storage says "already exists" as statusCode 409 (in a 400 answer).
  if (status === 409 || ('statusCode' in error && String(error.statusCode) === '409')) return
  if (status === null || status >= 500 || status === 408 || status === 429) throw new UploadInterrupted(error)
  throw new Error(`"${name}" could not be uploaded: ${error.message}`)
}

/**
 * Uploads a photo into the stocktake's folder (and its thumbnail), then has
 * the server check it and record it on the side, with the phone's count when
 * there is one: the one way a photo enters a stocktake, from /upload and from
 * the live count. The file is named by the photo's key, so a retry after a
 * cut (or a lost answer) stores the photo once.
 */
export async function storeStockPhoto(stocktake: Stocktake, side: Side, photo: PreparedPhoto, options: StoreOptions): Promise<void> {
  const { name, key = newRequestId(), pickedAt = null, replaces = null, detections, onStep = () => {} } = options
  onStep('Uploading')
  const path = stockPhotoPath(stocktake.shopId, stocktake.id, side, key, photo.extension)
  // Loaded when the first photo goes up: the Supabase client stays out of the page's first load.
  const { createClient } = await answered(import('@/lib/supabase/client'))
  const bucket = createClient().storage.from(STOCK_PHOTOS_BUCKET)
  await uploadOnce(bucket, path, photo.blob, name)
  // Without its preview the page shows the photo itself: slower, never wrong.
  if (photo.preview) await uploadOnce(bucket, previewPathOf(path), photo.preview, name).catch((error: unknown) => {
    if (error instanceof UploadInterrupted) throw error
  })
  onStep('Reading codes')
  const list = detections ? await detections() : null
  onStep('Checking')
  const fields = {
    session_id: stocktake.id,
    side,
    path,
    ...(photo.header ? { header: photo.header } : {}),
    ...(photo.cameraTime ? { camera_time: photo.cameraTime } : {}),
    ...(pickedAt ? { picked_at: pickedAt } : {}),
    ...(replaces ? { replaces } : {}),
    // A photo the phone could not read is counted by the server.
    ...(list ? { detections: JSON.stringify(list) } : {}),
  }
  check(await answered(addStocktakePhoto(initialActionState, form(fields))))
}
