// Finds every code in a shelf photo. One zxing pass over the full frame
// misses 1D codes tilted more than about 10° (bench/counting-bench.ts
// measures it), so 1D codes are also read on copies of the photo rotated
// either way, and the sightings merged by position. (Keeping only one row in
// three would read 1D codes three times faster, but zxing then merges
// identical labels stacked one above the other into one result.)
import sharp, { type Sharp } from 'sharp'
import type { ReaderOptions } from 'zxing-wasm/reader'
import { AnalysisError } from '../analyser.ts'
import { IDENTITY, placeInPhoto, rotatedView, type View } from './geometry.ts'
import { DetectionMerger, type DetectedCode } from './merge-detections.ts'
import { canonicalCode } from './retail-codes.ts'
import { LINEAR_FORMATS, MATRIX_FORMATS, readCodes, type RgbaImage } from './zxing-reader.ts'

export type { DetectedCode } from './merge-detections.ts'

/** Photos larger than this are refused rather than risk running out of memory. */
export const MAX_PHOTO_PIXELS = 50_000_000

/** Angles, degrees clockwise, at which 1D codes are read. */
const LINEAR_ANGLES = [0, -18, 18]
const ROW_STEP = 1

const MATRIX_READER: ReaderOptions = { formats: [...MATRIX_FORMATS], tryHarder: true, tryRotate: false, tryInvert: false, tryDownscale: true }
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

/** The photo, upright, one byte of luminance per pixel. */
interface GreyImage {
  data: Buffer
  width: number
  height: number
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
  view: View
  reader: ReaderOptions
  image: Promise<RgbaImage>
}

async function rgba(image: Sharp): Promise<RgbaImage> {
  const { data, info } = await image.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

function plan(photo: GreyImage): Pass[] {
  const source = () => sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 1 } })
  const linear = LINEAR_ANGLES.map((angle): Pass => {
    const view = rotatedView(angle, ROW_STEP, photo.width, photo.height)
    const image = rgba(source().affine(view.matrix, { background: '#ffffff', interpolator: 'bicubic' }))
    return { name: `1D at ${angle}°`, view, reader: LINEAR_READER, image }
  })
  return [{ name: '2D full frame', view: IDENTITY, reader: MATRIX_READER, image: rgba(source()) }, ...linear]
}

/** Every code in the photo, each physical label once, centres in photo pixels. */
export async function decodePhoto(bytes: Buffer, signal?: AbortSignal): Promise<DecodedPhoto> {
  const photo = await loadPhoto(bytes)
  signal?.throwIfAborted()
  // sharp's threads make the transformed copies while zxing reads the first ones.
  const passes = plan(photo)
  passes.forEach((p) => p.image.catch(() => undefined))
  const merger = new DetectionMerger()
  const reports: PassReport[] = []
  for (const pass of passes) {
    signal?.throwIfAborted()
    const image = await pass.image
    const started = performance.now()
    const results = (await readCodes(image, pass.reader)).filter((r) => r.isValid)
    merger.add(results.map((r) => ({ ...canonicalCode(r.format, r.text), ...placeInPhoto(r.position, pass.view) })))
    reports.push({ name: pass.name, ms: performance.now() - started, found: results.length })
  }
  return { width: photo.width, height: photo.height, codes: merger.codes, passes: reports }
}
