// One read by zxing of a view of the photo (the photo itself, a scaled copy,
// a turned crop), with what it found placed back in photo pixels.
import type { ReaderOptions } from 'zxing-wasm/reader'
import { cropView, enlarged, placeInPhoto, type Point, type View } from './geometry.ts'
import { resample, type GreyImage } from './grey-image.ts'
import type { PassDetection } from './merge-detections.ts'
import { canonicalCode } from './retail-codes.ts'
import { LINEAR_FORMATS, readCodes } from './zxing-reader.ts'

/** 1D codes only, as the image is: no turned, inverted or downscaled retries (the passes do their own). */
export const LINEAR_READER: ReaderOptions = { formats: [...LINEAR_FORMATS], tryHarder: true, tryRotate: false, tryInvert: false, tryDownscale: false }

/** What zxing read in `image`, a view of the photo, placed in the photo. */
export async function readView(image: GreyImage, view: View, options: ReaderOptions): Promise<PassDetection[]> {
  const results = (await readCodes(image, options)).filter((r) => r.isValid)
  return results.map((r) => ({ ...canonicalCode(r.format, r.text), ...placeInPhoto(r.position, view), lines: r.lineCount }))
}

export interface CropReading {
  /** strength of the sharpening across the bars (see resample) */
  sharpen: number
  /** the crop enlarged this many times; default 1 */
  scale?: number
}

/** 1D codes in a width × height crop of the photo (photo pixels) centred on `center`, turned by `angle`. */
export async function readCrop(photo: GreyImage, center: Point, angle: number, width: number, height: number, { sharpen, scale = 1 }: CropReading): Promise<PassDetection[]> {
  const [w, h] = [Math.max(8, Math.round(width * scale)), Math.max(8, Math.round(height * scale))]
  const view = enlarged(cropView(center, angle, w / scale, h / scale), scale)
  return readView(resample(photo, view, w, h, sharpen), view, LINEAR_READER)
}
