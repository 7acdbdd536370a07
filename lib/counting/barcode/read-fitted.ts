// Bars that zxing left unread, read by fitting the whole EAN-13 / UPC-A
// symbol to lines across them (profile-decoder.ts). The crop is turned so
// the bars stand upright and is not sharpened (the fit models the blur);
// lines are spread over its height, each the mean of a few rows. The even
// and the odd lines are a pass each: a pass reports the code most of its
// lines agree on, with that many lines, so a label counts by the same rule
// as a zxing read (two passes, one of them on three lines or more).
import { cropView, toPhoto, type Point } from './geometry.ts'
import { resample, type GreyImage } from './grey-image.ts'
import type { PassDetection } from './merge-detections.ts'
import { decodeProfile } from './profile-decoder.ts'
import { canonicalCode } from './retail-codes.ts'

/** Lines across the target, in each pass. */
const LINES_PER_PASS = 6
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

/** Each pass's read of the target, placed in the photo: two passes, either of them possibly empty. */
export function readFitted(photo: GreyImage, target: FitTarget): [PassDetection[], PassDetection[]] {
  const width = Math.max(8, Math.round(target.width))
  const height = Math.max(2 * LINES_PER_PASS, Math.round(target.height))
  const view = cropView(target.center, target.angle, width, height)
  const crop = resample(photo, view, width, height)
  const passes: [PassDetection[], PassDetection[]] = [[], []]
  for (const pass of [0, 1] as const) {
    const reads = new Map<string, { read: PassDetection; lines: number }>()
    for (let i = 0; i < LINES_PER_PASS; i++) {
      const y = Math.round(((2 * i + pass + 0.5) / (2 * LINES_PER_PASS)) * height)
      const line = new Float64Array(width)
      for (let row = y - (ROWS_PER_LINE >> 1); row <= y + (ROWS_PER_LINE >> 1); row++) {
        const offset = Math.max(0, Math.min(height - 1, row)) * width
        for (let x = 0; x < width; x++) line[x]! += crop.data[offset + x]!
      }
      const read = decodeProfile(line)
      if (!read) continue
      const code = canonicalCode(read.format, read.text)
      const key = `${code.format} ${code.text}`
      const seen = reads.get(key)
      if (seen) {
        seen.lines++
        continue
      }
      const center = toPhoto({ x: (read.start + read.end) / 2, y }, view)
      reads.set(key, { read: { ...code, center, size: read.end - read.start, angle: target.angle }, lines: 1 })
    }
    // the code most lines of the pass agree on, if no other as many
    const [first, second] = [...reads.values()].sort((a, b) => b.lines - a.lines)
    if (first && (!second || second.lines < first.lines)) passes[pass].push({ ...first.read, lines: first.lines })
  }
  return passes
}
