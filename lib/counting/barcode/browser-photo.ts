// The browser's way from a picked photo to pixels, in the decode worker: the
// file at full resolution, upright per its EXIF orientation, as sRGB, before
// anything re-encodes it. The server does the same with sharp (load-photo.ts).
import { AnalysisError } from '../analyser.ts'
import { MAX_PHOTO_PIXELS, tooLarge } from './decode-photo.ts'
import type { RgbImage } from './grey-image.ts'

const unreadable = () => new AnalysisError('unreadable_image', 'This photo could not be read. Take it again as a JPEG or PNG.')

/** The photo upright, as the browser decodes it; close it once done. */
export async function openPhoto(file: Blob): Promise<ImageBitmap> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image', premultiplyAlpha: 'none', colorSpaceConversion: 'default' }).catch(() => {
    throw unreadable()
  })
  if (bitmap.width * bitmap.height > MAX_PHOTO_PIXELS) {
    bitmap.close()
    throw tooLarge(bitmap.width, bitmap.height)
  }
  return bitmap
}

/** A bitmap's or a video frame's size in pixels. */
export const imageSize = (image: ImageBitmap | VideoFrame) => ('displayWidth' in image ? { width: image.displayWidth, height: image.displayHeight } : { width: image.width, height: image.height })

let canvas: OffscreenCanvas | null = null

/**
 * The image's sRGB pixels (RGBA), drawn once on an OffscreenCanvas, `scale`
 * times its size. The canvas is kept for the next image of the same size
 * (the camera's frames, several a second: less for the collector to do).
 */
export function pixelsOf(image: ImageBitmap | VideoFrame, scale = 1): RgbImage {
  const size = imageSize(image)
  const [width, height] = [Math.round(size.width * scale), Math.round(size.height * scale)]
  if (canvas?.width !== width || canvas.height !== height) canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d', { willReadFrequently: true, colorSpace: 'srgb' })
  if (!context) throw unreadable()
  context.clearRect(0, 0, width, height)
  context.drawImage(image, 0, 0, width, height)
  const { data } = context.getImageData(0, 0, width, height, { colorSpace: 'srgb' })
  return { data, width, height, channels: 4 }
}
