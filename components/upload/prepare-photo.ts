'use client'

import type { DeviceCount } from '@/lib/counting/barcode/device-decoder'
import { resizeImages, STOCK_PHOTO, STOCK_PREVIEW } from '@/lib/images/resize-image'
import { PHOTO_HEADER_BYTES } from '@/lib/stocktakes/photo-limits'
import type { PreparedPhoto } from './store-stock-photo'

/** What reading a photo's codes on the phone gave: its count, why not, or nothing asked. */
export type Read = { count: DeviceCount } | { error: string; unreadable: boolean } | { skipped: true }

const notAPhoto = (file: File) => new Error(`"${file.name}" is not a photo this browser can read. Choose a JPEG, PNG or WebP image.`)

/**
 * The original's first bytes, where the camera wrote when it took the photo,
 * read before the photo is shrunk (which drops them); then the photo upright
 * and at most 4096 px. A file the browser cannot read is refused before
 * anything is uploaded.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
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
export async function prepareLabels(file: File, read: Promise<Read>): Promise<PreparedPhoto> {
  const result = await read
  if (!('count' in result)) {
    if ('unreadable' in result && result.unreadable) throw notAPhoto(file)
    throw new Error(`The codes in "${file.name}" could not be read on this phone, and it keeps its photos: switch off "Keep photos on this phone" to have the server count it.`)
  }
  const { readCameraTime } = await import('@/lib/stocktakes/camera-time')
  const camera = readCameraTime(await file.slice(0, PHOTO_HEADER_BYTES).arrayBuffer())
  return { blob: result.count.sheet!, extension: 'jpg', preview: null, header: null, cameraTime: camera ? `${camera.local}${camera.offset ?? ''}` : null }
}
