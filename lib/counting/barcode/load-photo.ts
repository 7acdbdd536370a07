// The photo as luminance, upright per its EXIF orientation: sharp's grey for
// the passes tuned on the generated shelves, and for close-ups also zxing's
// own luminance of the RGB pixels, which is what a plain readBarcodes call on
// the photo's ImageData sees. The two differ by a grey level here and there,
// and that turns some borderline reads either way.
import sharp from 'sharp'
import { AnalysisError } from '../analyser.ts'
import { fromRgb, type GreyImage } from './grey-image.ts'

/** Photos larger than this are refused rather than risk running out of memory. */
export const MAX_PHOTO_PIXELS = 50_000_000

const unreadable = () => new AnalysisError('unreadable_image', 'This photo could not be read. Take it again as a JPEG or PNG.')

/** Decodes the image (upright per its EXIF orientation) to luminance, refusing what is not an image or too large. */
export async function loadPhoto(bytes: Buffer): Promise<GreyImage> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null)
  if (!meta?.width || !meta.height) throw unreadable()
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) {
    const megapixels = Math.round((meta.width * meta.height) / 1e6)
    throw new AnalysisError('unreadable_image', `This photo is ${megapixels} megapixels, more than the 50 we can read. Take it at a lower resolution.`)
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' }).rotate().greyscale().raw().toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    throw unreadable()
  }
}

/** The photo's luminance as zxing computes it from RGBA pixels; call after loadPhoto accepted the bytes. */
export async function loadZXingLuminance(bytes: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  return fromRgb(data, info.width, info.height, info.channels)
}
