'use client'

import { addStocktakePhoto } from '@/lib/actions/add-stocktake-photo'
import { initialActionState, type ActionState } from '@/lib/actions/action-state'
import { startStocktake } from '@/lib/actions/start-stocktake'
import type { DetectionList } from '@/lib/counting/barcode/detections'
import { newRequestId } from '@/lib/request-id'
import { previewPathOf, STOCK_PHOTOS_BUCKET, stockPhotoPath, type Side } from '@/lib/stocktakes/photo-path'

export function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

export function check(state: ActionState): void {
  if (!state.ok) throw new Error(state.message ?? 'Something went wrong')
}

export interface Stocktake {
  id: string
  shopId: string
}

/** The stocktake to add to: the one on the page, else the shop's open one (or a new one: it exists from its first photo). */
export async function stocktakeFor(current: Stocktake | null): Promise<Stocktake> {
  if (current) return current
  const started = await startStocktake(initialActionState, form({}))
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
  replaces?: string | null
  /** the phone's codes in the photo; the server counts a photo without them */
  detections?: () => Promise<DetectionList | null>
  onStep?: (step: string) => void
}

/**
 * Uploads a photo into the stocktake's folder (and its thumbnail), then has
 * the server check it and record it on the side, with the phone's count when
 * there is one: the one way a photo enters a stocktake, from /upload and from
 * the live count.
 */
export async function storeStockPhoto(stocktake: Stocktake, side: Side, photo: PreparedPhoto, { name, replaces = null, detections, onStep = () => {} }: StoreOptions): Promise<void> {
  onStep('Uploading')
  const path = stockPhotoPath(stocktake.shopId, stocktake.id, side, newRequestId(), photo.extension)
  // Loaded when the first photo goes up: the Supabase client stays out of the page's first load.
  const { createClient } = await import('@/lib/supabase/client')
  const bucket = createClient().storage.from(STOCK_PHOTOS_BUCKET)
  const { error } = await bucket.upload(path, photo.blob, { contentType: photo.blob.type })
  if (error) throw new Error(`"${name}" could not be uploaded: ${error.message}`)
  // Without its preview the page shows the photo itself: slower, never wrong.
  if (photo.preview) await bucket.upload(previewPathOf(path), photo.preview, { contentType: photo.preview.type })
  onStep('Reading codes')
  const list = detections ? await detections() : null
  onStep('Checking')
  const fields = {
    session_id: stocktake.id,
    side,
    path,
    ...(photo.header ? { header: photo.header } : {}),
    ...(photo.cameraTime ? { camera_time: photo.cameraTime } : {}),
    ...(replaces ? { replaces } : {}),
    // A photo the phone could not read is counted by the server.
    ...(list ? { detections: JSON.stringify(list) } : {}),
  }
  check(await addStocktakePhoto(initialActionState, form(fields)))
}
