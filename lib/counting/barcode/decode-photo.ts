// Finds every code in a photo, each printed label once. The passes:
// - As zxing reads it: zxing's defaults (retries turned 90°, inverted and
//   downscaled) over the counted formats. On a close-up (up to 3 MP) it reads
//   zxing's own luminance of the photo, so the analyser starts from what a
//   plain readBarcodes call finds. A larger photo is read at half size
//   instead, without the retries (they would triple the pass's time on 12 MP):
//   QR and DataMatrix read there as well as at full size in a quarter of the
//   time, and big 1D codes get a read; 1D reads narrower than 2 px a module
//   are dropped (shelf labels at half size come out misread).
// - 1D over the whole photo, each row sharpened across the bars (blur smears
//   2-pixel bars into grey): upright codes and those tilted up to ~10°.
// - 1D in located crops: places that look like bars (find-linear.ts: patches
//   of strong gradients all pointing one way, with their angle) are cut out,
//   turned so the bars stand upright, sharpened and read on their own: zxing
//   thresholds a row once, and in a crop that row is the code's own bars, not
//   ~4000 pixels of clutter. Crops read any angle.
// - A 1D code that only one pass found is read again from tight crops at the
//   angle it was read at, made unlike the passes before (sharpened harder;
//   then at twice the size).
// - Close-ups only, and only until every label read counts and every located
//   bar carries one (most photos settle before): a fixed threshold (for 1D
//   codes zxing's 'LocalAverage' binarizer thresholds each row by its
//   histogram, as 'GlobalHistogram' does: only another binarizer is another
//   read); then the rows stretched to their local contrast (stretch-rows.ts:
//   glare lifts the bars under it above a row's one threshold), and what was
//   read once read again in them; then the unread bars cut out at twice the
//   size, or, when a label
//   read does not count yet or nothing was read, the whole photo at twice the
//   size (bars 1–2 px wide in a 240–640 px photo get more pixels); then the
//   read-again above for what they found.
// - Close-ups where nothing counts yet: EAN-13, UPC-A and UPC-E fitted
//   whole on lines across the photo (read-fitted.ts, profile-decoder.ts),
//   for bars blurred past the edges zxing needs.
// A 1D code counts only once two passes read it at one place, and an EAN/UPC
// code once one read held on more rows than zxing's least (three, not two): a
// wrong code is worse than a missed one, and zxing misreads (a UPC-E off the
// lower rows of an EAN-13, a blurred UPC-A as another valid EAN-13). QR and
// DataMatrix carry Reed–Solomon error correction and count on one read.
// Sightings are merged into labels, fragments and misreads dropped, and what
// counts decided, in merge-detections.ts.
// Every image goes to zxing as grey PGM bytes (no RGBA copies).
// This module is the one decoder: the server (load-photo.ts) and the
// browser's worker (decode-worker.ts) hand it the photo's pixels.
import type { ReaderOptions } from 'zxing-wasm/reader'
import { AnalysisError } from '../analyser.ts'
import { findLinearRegions, type FindOptions, type LinearRegion } from './find-linear.ts'
import { IDENTITY, scaledView } from './geometry.ts'
import { fromRgb, halve, luminance, resample, sharpenRows, type GreyImage, type RgbImage } from './grey-image.ts'
import { DetectionMerger, isCounted, LINEAR, type DetectedCode, type PassDetection } from './merge-detections.ts'
import { readFitted, type FitTarget } from './read-fitted.ts'
import { LINEAR_READER, readCrop, readView } from './read-view.ts'
import { SameBarsCheck } from './same-bars.ts'
import { stretchRows } from './stretch-rows.ts'
import { leastModules, LINEAR_FORMATS, MATRIX_FORMATS } from './zxing-reader.ts'

export type { DetectedCode } from './merge-detections.ts'

/** Strength of the sharpening across the bars before 1D codes are read (see resample). */
const SHARPEN = 0.5
/** White added either side of a located region (its quiet zone and edge blocks), photo pixels and fraction of its length. */
const CROP_MARGIN = { px: 24, share: 0.12 }
/** Locator settings for full-size photos (16-pixel blocks, every other row sampled), tuned on the bench photos. */
const LOCATOR: FindOptions = { minEnergy: 900, minCoherence: 0.55, minBusy: 0.25, minBlocks: 6, maxTurn: 15 }
/** Degrees within which a located region's angle is taken as level when fitting whole symbols. */
const SAME_ANGLE = 3
/** Photos up to this size are close-ups (or small): reading them again in other ways is cheap. */
const CLOSE_UP_PIXELS = 3_000_000
const ALL_FORMATS: ReaderOptions['formats'] = [...LINEAR_FORMATS, ...MATRIX_FORMATS]
// At twice the size only the size is new: the first pass read the photo turned and inverted.
const TWICE_SIZE_READER: ReaderOptions = { formats: ALL_FORMATS, tryRotate: false, tryInvert: false }
const HALF_SIZE_READER: ReaderOptions = { formats: ALL_FORMATS, tryHarder: true, tryRotate: false, tryInvert: false, tryDownscale: false }
/** A video frame's first read: as it is, without zxing's turned, inverted and downscaled retries (each a read again). */
const FRAME_READER = HALF_SIZE_READER
/** Fewest px per module of a 1D read kept from the half-size copy. */
const MIN_PX_PER_MODULE = 2
/**
 * Re-reads of a 1D code one pass found, tried in turn: crop height (share of the code's width),
 * sharpening, enlargement. At 1.5 times the size, pixels fall across the bars' edges where neither the
 * photo's nor twice its pixels do (a tilted UPC-A at 1.7 px a module read only that way).
 */
const REREADS = [
  { height: 0.25, sharpen: 1, scale: 1 },
  { height: 0.5, sharpen: 0.5, scale: 2 },
  { height: 0.25, sharpen: 0.5, scale: 1.5 },
]
/**
 * Rows stretched to their local contrast (stretch-rows.ts). How far along a row, tried in turn: about
 * 4 modules of a code that spans the photo (4% of its longer side), then 8 px, 4 modules of a code at
 * 2 px a module (the narrowest the analyser reads; on a close-up of several labels 4% reaches across
 * the glare). The least range stretched is a quarter of the grey levels. Its reads are kept only when
 * they held on twice the rows a label needs to count: the stretch lifts glare, not blur, and on a
 * blurred code it repeats the other passes' misreads on a few rows (a UPC-A read on 3 rows as another
 * valid EAN-13, as the first pass had misread it).
 */
const STRETCH = { share: 0.04, px: 8, leastRange: 64, leastLines: 6 }
const stretchReaches = (photo: GreyImage) => [Math.round(STRETCH.share * Math.max(photo.width, photo.height)), STRETCH.px]

/** Photos larger than this are refused rather than risk running out of memory. */
export const MAX_PHOTO_PIXELS = 50_000_000

export const tooLarge = (width: number, height: number) =>
  new AnalysisError('unreadable_image', `This photo is ${Math.round((width * height) / 1e6)} megapixels, more than the 50 we can read. Take it at a lower resolution.`)

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

interface Pass {
  name: string
  read: () => Promise<PassDetection[]>
}

function firstPass(pixels: RgbImage, photo: GreyImage, closeUp: boolean, videoFrame: boolean): Pass {
  if (videoFrame) return { name: 'as zxing reads a frame', read: () => readView(photo, IDENTITY, FRAME_READER) }
  if (closeUp) return { name: 'as zxing reads it', read: () => readView(fromRgb(pixels.data, pixels.width, pixels.height, pixels.channels), IDENTITY, { formats: ALL_FORMATS }) }
  return {
    name: 'at half size',
    read: async () =>
      (await readView(halve(photo), scaledView(0.5), HALF_SIZE_READER)).filter(
        (code) => !LINEAR.has(code.format) || (code.size * 0.5) / leastModules(code.format, code.text) >= MIN_PX_PER_MODULE,
      ),
  }
}

/** Whether a label read is the one on a located region's bars. */
const onBars = (code: DetectedCode, region: LinearRegion) =>
  LINEAR.has(code.format) && Math.hypot(code.center.x - region.center.x, code.center.y - region.center.y) < Math.max(code.size, region.length) / 2

const stretched = (image: GreyImage): Pass => ({
  name: 'rows stretched to their local contrast',
  read: async () => (await readView(image, IDENTITY, LINEAR_READER)).filter((code) => (code.lines ?? 0) >= STRETCH.leastLines),
})

const fixedThreshold = (photo: GreyImage): Pass => ({
  name: 'fixed threshold',
  read: () => readView(photo, IDENTITY, { formats: ALL_FORMATS, binarizer: 'FixedThreshold' }),
})

function twiceTheSize(photo: GreyImage): Pass {
  const twice = scaledView(2)
  return { name: 'at twice the size', read: () => readView(resample(photo, twice, photo.width * 2, photo.height * 2), twice, TWICE_SIZE_READER) }
}

/**
 * Where to fit whole symbols in a close-up: the whole photo, turned as the largest unread bars are (the
 * locator often finds a blurred code as pieces), or level and upright when none was located.
 */
function fitTargets(photo: GreyImage, regions: readonly LinearRegion[]): FitTarget[] {
  const centre = { x: photo.width / 2, y: photo.height / 2 }
  const largest = [...regions].sort((a, b) => b.length * b.height - a.length * a.height)[0]
  const angles = largest ? (Math.abs(largest.angle) > SAME_ANGLE ? [largest.angle, 0] : [largest.angle]) : [0, 90]
  return angles.map((angle) => {
    const [cos, sin] = [Math.abs(Math.cos((angle * Math.PI) / 180)), Math.abs(Math.sin((angle * Math.PI) / 180))]
    return { center: centre, angle, width: photo.width * cos + photo.height * sin, height: photo.width * sin + photo.height * cos }
  })
}

/** Located bars that no counted code is on, each cut out as in the crops pass and read at twice the size. */
const barsAtTwiceTheSize = (photo: GreyImage, regions: readonly LinearRegion[]): Pass => ({
  name: 'unread bars at twice the size',
  read: async () => (await Promise.all(regions.map((region) => readRegion(photo, region, 2)))).flat(),
})

/** A located region cut out with its margin, turned upright, sharpened and read. */
function readRegion(photo: GreyImage, region: LinearRegion, scale = 1) {
  const margin = CROP_MARGIN.px + CROP_MARGIN.share * region.length
  return readCrop(photo, region.center, region.angle, region.length + 2 * margin, region.height + CROP_MARGIN.px, { sharpen: SHARPEN, scale })
}

/** Reads each 1D code only one pass found (and not tried before) again from tight crops at its angle; how many that confirmed. */
async function readSeenOnceAgain(photo: GreyImage, merger: DetectionMerger, tried: Set<string>, signal?: AbortSignal): Promise<number> {
  let confirmed = 0
  for (const code of merger.codes.filter((c) => LINEAR.has(c.format) && c.seenBy === 1)) {
    const key = `${code.format} ${code.text} ${Math.round(code.center.x)} ${Math.round(code.center.y)}`
    if (tried.has(key)) continue
    tried.add(key)
    signal?.throwIfAborted()
    for (const { height, ...reading } of REREADS) {
      const codes = await readCrop(photo, code.center, code.angle, code.size * 1.5, Math.max(24, code.size * height), reading)
      merger.add(codes)
      if (codes.some((c) => c.text === code.text)) {
        confirmed++
        break
      }
    }
  }
  return confirmed
}

export interface DecodeOptions {
  signal?: AbortSignal
  /**
   * A frame of the camera's video (the live count), read in a fraction of a
   * photo's time: the first read without zxing's retries, then the rows, no
   * located crops and no close-up passes. A label one frame misses, the next
   * reads; the rule of what counts stays (two passes for a 1D code).
   */
  videoFrame?: boolean
  /** the codes that count so far, after each pass: the first are on screen before the whole photo is read */
  onProgress?: (codes: DetectedCode[]) => void
}

/** Every code in the photo (its upright sRGB pixels), each physical label once, centres in photo pixels. */
export async function decodePhoto(pixels: RgbImage, { signal, onProgress, videoFrame = false }: DecodeOptions = {}): Promise<DecodedPhoto> {
  if (pixels.width * pixels.height > MAX_PHOTO_PIXELS) throw tooLarge(pixels.width, pixels.height)
  const photo = luminance(pixels)
  const bars = new SameBarsCheck(photo)
  const merger = new DetectionMerger((a, b) => bars.test(a, b))
  const reports: PassReport[] = []
  const timed = async (name: string, run: () => Promise<number>) => {
    signal?.throwIfAborted()
    const started = performance.now()
    const found = await run()
    reports.push({ name, ms: performance.now() - started, found })
    onProgress?.(counted())
  }
  const side = Math.min(photo.width, photo.height)
  const counted = () => merger.codes.filter((code) => isCounted(code, side))
  const closeUp = photo.width * photo.height <= CLOSE_UP_PIXELS
  const run = (pass: Pass) =>
    timed(pass.name, async () => {
      const found = await pass.read()
      merger.add(found)
      return found.length
    })
  await run(firstPass(pixels, photo, closeUp, videoFrame))
  await run({ name: '1D over the whole photo', read: () => readView(sharpenRows(photo, SHARPEN), IDENTITY, LINEAR_READER) })
  // A frame's labels face the camera (the owner pans along the shelf): rows read them, and locating bars costs as much as a read.
  const regions = videoFrame ? [] : findLinearRegions(photo, LOCATOR)
  await timed('1D in located crops', async () => {
    let found = 0
    for (const region of regions) {
      signal?.throwIfAborted()
      const codes = await readRegion(photo, region)
      merger.add(codes)
      found += codes.length
    }
    return found
  })
  // A 1D code one pass found is read again from tight crops before anything costlier: that read
  // alone often settles a close-up. Each code is tried once, also those the close-up passes add.
  const tried = new Set<string>()
  const readAgain = () => timed('1D seen once, read again', () => readSeenOnceAgain(photo, merger, tried, signal))
  await readAgain()
  // A close-up whose labels all count, none misread and no bars left unread, is settled. Otherwise
  // the fixed threshold (about a plain call); then the rows stretched, at each reach in turn, with
  // what was read once read again in them (a label under glare shows only there); then, where every
  // label read counts and only some located bars are unread, those bars at twice the size; else the
  // whole photo at twice the size (about four plain calls: what reads a small photo that nothing
  // else read).
  const unread = () => {
    const kept = counted()
    return regions.filter((region) => !kept.some((code) => onBars(code, region)))
  }
  const settled = () => merger.everyLabelCounts(side) && unread().length === 0
  if (closeUp && !videoFrame && !settled()) {
    await run(fixedThreshold(photo))
    // a label under glare is read again in the stretched rows, not in the photo's
    for (const reach of stretchReaches(photo)) {
      if (settled()) break
      const image = stretchRows(photo, reach, STRETCH.leastRange)
      await run(stretched(image))
      await timed('1D seen once, read again stretched', () => readSeenOnceAgain(image, merger, new Set(), signal))
    }
    if (!settled()) await run(merger.everyLabelCounts(side) && counted().length > 0 ? barsAtTwiceTheSize(photo, unread()) : twiceTheSize(photo))
    await readAgain()
  }
  // Last, a close-up where zxing counted nothing: the bars fitted whole. (On a 12 MP shelf the unread
  // bars, up to 8, took the worker from 0.95x to 1.9x the plain call's time, on shelves read in full.)
  if (closeUp && !videoFrame && counted().length === 0) {
    await timed('bars fitted whole', async () => {
      // two passes: the even and the odd lines across the bars (read-fitted.ts)
      const passes = readFitted(photo, fitTargets(photo, unread()))
      for (const pass of passes) merger.add(pass)
      return passes.flat().length
    })
  }
  return { width: photo.width, height: photo.height, codes: counted(), passes: reports }
}
