// Finds every code in a shelf photo. One zxing pass over the full frame
// misses 1D codes tilted more than about 10° (bench/counting-bench.ts
// measures it), so 1D codes are read on copies of the photo rotated to 0°
// and ±18°, each row sharpened across the bars (blur and resampling smear
// 2-pixel bars into grey), and the sightings merged by position, a misread
// outvoted by the passes that read the label right (merge-detections.ts).
// QR and DataMatrix are read once, at half size. Every image goes to zxing
// as grey PGM bytes (no RGBA copies). (Keeping only one row in three would
// make the 1D images smaller, but zxing then merges identical labels stacked
// one above the other into one result; zxing itself scans ~512 rows of an
// image whatever its height.)
import sharp from 'sharp'
import type { ReaderOptions } from 'zxing-wasm/reader'
import { AnalysisError } from '../analyser.ts'
import { placeInPhoto, rotatedView, scaledView, viewSize, type View } from './geometry.ts'
import { halve, resample, type GreyImage } from './grey-image.ts'
import { DetectionMerger, type DetectedCode } from './merge-detections.ts'
import { canonicalCode } from './retail-codes.ts'
import { LINEAR_FORMATS, MATRIX_FORMATS, readCodes } from './zxing-reader.ts'

export type { DetectedCode } from './merge-detections.ts'

/** Photos larger than this are refused rather than risk running out of memory. */
export const MAX_PHOTO_PIXELS = 50_000_000

/** Angles, degrees clockwise, at which 1D codes are read. */
const LINEAR_ANGLES = [0, -18, 18]
/** Strength of the sharpening across the bars before 1D codes are read (see resample). */
const SHARPEN = 0.5

const MATRIX_READER: ReaderOptions = { formats: [...MATRIX_FORMATS], tryHarder: true, tryRotate: false, tryInvert: false, tryDownscale: false }
const LINEAR_READER: ReaderOptions = { formats: [...LINEAR_FORMATS], tryHarder: true, tryRotate: false, tryInvert: false, tryDownscale: false }

export interface PassReport {
  name: string
  ms: number
  found: number
}

export interface DecodedPhoto {
  width: number
  height: number
  codes: DetectedCode[]
  /** what each pass took and found, for tuning */
  passes: PassReport[]
}

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

interface Pass {
  name: string
  reader: ReaderOptions
  /** the pass's view of the photo and its image, made when the pass runs (one at a time keeps memory low) */
  prepare: (photo: GreyImage) => { view: View; image: GreyImage }
}

const PASSES: Pass[] = [
  // QR and DataMatrix modules are several 1D modules wide: at half size zxing reads them as well, 4× faster
  { name: '2D at half size', reader: MATRIX_READER, prepare: (photo) => ({ view: scaledView(0.5), image: halve(photo) }) },
  ...LINEAR_ANGLES.map(
    (angle): Pass => ({
      name: `1D at ${angle}°`,
      reader: LINEAR_READER,
      prepare: (photo) => {
        const view = rotatedView(angle, 1, photo.width, photo.height)
        const size = viewSize(view, photo.width, photo.height)
        return { view, image: resample(photo, view, size.width, size.height, SHARPEN) }
      },
    }),
  ),
]

/** Every code in the photo, each physical label once, centres in photo pixels. */
export async function decodePhoto(bytes: Buffer, signal?: AbortSignal): Promise<DecodedPhoto> {
  const photo = await loadPhoto(bytes)
  const merger = new DetectionMerger()
  const reports: PassReport[] = []
  for (const pass of PASSES) {
    signal?.throwIfAborted()
    const started = performance.now()
    const { view, image } = pass.prepare(photo)
    const results = (await readCodes(image, pass.reader)).filter((r) => r.isValid)
    merger.add(results.map((r) => ({ ...canonicalCode(r.format, r.text), ...placeInPhoto(r.position, view) })))
    reports.push({ name: pass.name, ms: performance.now() - started, found: results.length })
  }
  return { width: photo.width, height: photo.height, codes: merger.codes, passes: reports }
}
