// Finds every code in a shelf photo. QR and DataMatrix are read once, at
// half size. 1D codes are read once over the whole (sharpened) photo, which
// finds those tilted up to about 10°, and they are also located without
// reading them
// (find-linear.ts: patches of strong gradients all pointing one way, with
// their angle), then each place is cut out of the full-size photo, turned so
// its bars stand upright, each row sharpened across the bars (blur and
// resampling smear 2-pixel bars into grey), and read on its own: zxing
// thresholds each row of an image once, and in a crop that row is the
// code's own bars, not ~4000 pixels of clutter. Crops cost a fraction of
// reading whole rotated copies of the photo, and read any angle. A 1D code
// that only one read found (the whole photo or one crop) is read again from a tight crop at the angle zxing
// reported, sharpened differently, and counted only if that read agrees:
// EAN/UPC guard against misreads with one check digit, and an extra count is
// as bad as a missed one. Sightings are merged by position, a misread
// outvoted by the reads that got the label right (merge-detections.ts).
// Every image goes to zxing as grey PGM bytes (no RGBA copies).
import sharp from 'sharp'
import type { ReaderOptions } from 'zxing-wasm/reader'
import { AnalysisError } from '../analyser.ts'
import { findLinearRegions, type FindOptions } from './find-linear.ts'
import { cropView, placeInPhoto, rotatedView, scaledView } from './geometry.ts'
import { halve, resample, type GreyImage } from './grey-image.ts'
import { DetectionMerger, LINEAR, type DetectedCode } from './merge-detections.ts'
import { canonicalCode } from './retail-codes.ts'
import { LINEAR_FORMATS, MATRIX_FORMATS, readCodes } from './zxing-reader.ts'

export type { DetectedCode } from './merge-detections.ts'

/** Photos larger than this are refused rather than risk running out of memory. */
export const MAX_PHOTO_PIXELS = 50_000_000

/** Strength of the sharpening across the bars before 1D codes are read (see resample). */
const SHARPEN = 0.5
/** The confirming re-read sharpens harder, so that it is not the same read twice. */
const CONFIRM_SHARPEN = 1
/** White added either side of a located region (its quiet zone and edge blocks), photo pixels and fraction of its length. */
const CROP_MARGIN = { px: 24, share: 0.12 }
/** Locator settings for full-size photos (16-pixel blocks, every other row sampled), tuned on the bench photos. */
const LOCATOR: FindOptions = { minEnergy: 900, minCoherence: 0.55, minBusy: 0.25, minBlocks: 6, maxTurn: 15 }

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

/** Reads 1D codes in a width × height crop of the photo centred on `center`, turned by `angle`. */
async function readCrop(photo: GreyImage, center: { x: number; y: number }, angle: number, width: number, height: number, sharpen: number) {
  const [w, h] = [Math.max(8, Math.round(width)), Math.max(8, Math.round(height))]
  const view = cropView(center, angle, w, h)
  const results = (await readCodes(resample(photo, view, w, h, sharpen), LINEAR_READER)).filter((r) => r.isValid)
  return results.map((r) => ({ ...canonicalCode(r.format, r.text), ...placeInPhoto(r.position, view) }))
}

/** Every code in the photo, each physical label once, centres in photo pixels. */
export async function decodePhoto(bytes: Buffer, signal?: AbortSignal): Promise<DecodedPhoto> {
  const photo = await loadPhoto(bytes)
  const merger = new DetectionMerger()
  const reports: PassReport[] = []
  const timed = async (name: string, run: () => Promise<number>) => {
    signal?.throwIfAborted()
    const started = performance.now()
    const found = await run()
    reports.push({ name, ms: performance.now() - started, found })
  }
  // QR and DataMatrix modules are several 1D modules wide: at half size zxing reads them as well, 4× faster
  const half = halve(photo)
  await timed('2D at half size', async () => {
    const view = scaledView(0.5)
    const results = (await readCodes(half, MATRIX_READER)).filter((r) => r.isValid)
    merger.add(results.map((r) => ({ ...canonicalCode(r.format, r.text), ...placeInPhoto(r.position, view) })))
    return results.length
  })
  // upright codes and those tilted up to ~10°; a second opinion on most codes the crops read
  await timed('1D over the whole photo', async () => {
    const view = rotatedView(0, 1, photo.width, photo.height)
    const results = (await readCodes(resample(photo, view, photo.width, photo.height, SHARPEN), LINEAR_READER)).filter((r) => r.isValid)
    merger.add(results.map((r) => ({ ...canonicalCode(r.format, r.text), ...placeInPhoto(r.position, view) })))
    return results.length
  })
  await timed('1D in located crops', async () => {
    let found = 0
    for (const region of findLinearRegions(photo, LOCATOR)) {
      signal?.throwIfAborted()
      const margin = CROP_MARGIN.px + CROP_MARGIN.share * region.length
      const codes = await readCrop(photo, region.center, region.angle, region.length + 2 * margin, region.height + CROP_MARGIN.px, SHARPEN)
      merger.add(codes)
      found += codes.length
    }
    return found
  })
  await timed('1D seen once, read again', async () => {
    let confirmed = 0
    for (const code of merger.codes.filter((c) => LINEAR.has(c.format) && c.seenBy === 1)) {
      signal?.throwIfAborted()
      const codes = await readCrop(photo, code.center, code.angle, code.size * 1.5, Math.max(24, code.size * 0.25), CONFIRM_SHARPEN)
      merger.add(codes)
      if (codes.some((c) => c.text === code.text)) confirmed++
    }
    merger.retain((code) => !LINEAR.has(code.format) || code.seenBy >= 2)
    return confirmed
  })
  return { width: photo.width, height: photo.height, codes: merger.codes, passes: reports }
}
