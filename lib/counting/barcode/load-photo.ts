// The server's way from a photo file to pixels: sharp decodes it upright (per
// its EXIF orientation) to sRGB, as the browser's createImageBitmap does in
// the worker (browser-photo.ts). The rest is the one decoder, decode-photo.ts.
import sharp from 'sharp'
import { AnalysisError } from '../analyser.ts'
import { decodePhoto, MAX_PHOTO_PIXELS, tooLarge, type DecodedPhoto } from './decode-photo.ts'
import type { RgbImage } from './grey-image.ts'
import { loadZXing } from './zxing-node.ts'

const unreadable = () => new AnalysisError('unreadable_image', 'This photo could not be read. Take it again as a JPEG or PNG.')

/** Decodes the image upright to sRGB pixels, refusing what is not an image or too large. */
export async function loadPhoto(bytes: Buffer): Promise<RgbImage> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null)
  if (!meta?.width || !meta.height) throw unreadable()
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw tooLarge(meta.width, meta.height)
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' })
      .rotate()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height, channels: info.channels }
  } catch {
    throw unreadable()
  }
}

/** Every code in a photo file, as the server counts it. */
export async function decodePhotoFile(bytes: Buffer, signal?: AbortSignal): Promise<DecodedPhoto> {
  await loadZXing()
  return decodePhoto(await loadPhoto(bytes), { signal })
}
