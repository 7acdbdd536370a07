// Bars that zxing left unread, read by fitting the whole EAN/UPC symbol to
// lines across them (profile-decoder.ts). Each target is cut out turned so
// its bars stand upright, not sharpened (the fit models the blur), and
// lines are spread over its height, each the mean of a few rows. The even
// and the odd lines are a pass each: a pass reports each code its lines
// read at one place, with how many lines read it there (over all targets,
// which are the same photo at other angles), so a label counts by the same
// rule as a zxing read: two passes, one of them on three lines or more. Where
// a pass's lines read two codes at one place, the one more lines read is
// kept, and neither if as many read each.
import { cropView, toPhoto, type Point } from './geometry.ts'
import { resample, type GreyImage } from './grey-image.ts'
import type { PassDetection } from './merge-detections.ts'
import { decodeProfile } from './profile-decoder.ts'
import { canonicalCode } from './retail-codes.ts'

/** Lines across each target, in each pass. */
const LINES_PER_PASS = 10
/** Rows averaged into one line. */
const ROWS_PER_LINE = 3

export interface FitTarget {
  center: Point
  /** direction across the bars, degrees clockwise */
  angle: number
  /** photo pixels across and along the bars */
  width: number
  height: number
}

type Read = PassDetection & { lines: number }

const samePlace = (a: Read, b: Read) => Math.hypot(a.center.x - b.center.x, a.center.y - b.center.y) < Math.max(a.size, b.size) / 2

/** One line's read of a target, placed in the photo. */
function readLine(target: FitTarget, y: number, crop: GreyImage, view: ReturnType<typeof cropView>): Read | null {
  const { width, height, data } = crop
  const line = new Float64Array(width)
  for (let row = y - (ROWS_PER_LINE >> 1); row <= y + (ROWS_PER_LINE >> 1); row++) {
    const offset = Math.max(0, Math.min(height - 1, row)) * width
    for (let x = 0; x < width; x++) line[x]! += data[offset + x]!
  }
  const read = decodeProfile(line)
  if (!read) return null
  const center = toPhoto({ x: (read.start + read.end) / 2, y }, view)
  return { ...canonicalCode(read.format, read.text), center, size: read.end - read.start, angle: target.angle, lines: 1 }
}

/** What the lines of each pass read over all the targets: two passes, either possibly empty. */
export function readFitted(photo: GreyImage, targets: readonly FitTarget[]): [PassDetection[], PassDetection[]] {
  const passes: [Read[], Read[]] = [[], []]
  for (const target of targets) {
    const width = Math.max(8, Math.round(target.width))
    const height = Math.max(2 * LINES_PER_PASS, Math.round(target.height))
    const view = cropView(target.center, target.angle, width, height)
    const crop = resample(photo, view, width, height)
    for (let i = 0; i < 2 * LINES_PER_PASS; i++) {
      const read = readLine(target, Math.round(((i + 0.5) / (2 * LINES_PER_PASS)) * height), crop, view)
      if (!read) continue
      const pass = passes[i % 2]!
      const seen = pass.find((other) => other.format === read.format && other.text === read.text && samePlace(other, read))
      if (seen) seen.lines++
      else pass.push(read)
    }
  }
  return passes.map((reads) =>
    reads.filter((read) => reads.every((other) => other === read || !samePlace(other, read) || other.lines < read.lines)),
  ) as [PassDetection[], PassDetection[]]
}
