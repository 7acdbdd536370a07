// Several passes see the same printed label; one label must count once.
// Detections of one text are the same label when their centres are closer
// than half the larger symbol (neighbouring labels are at least a whole
// symbol apart) to every sighting of it so far, and never when one pass saw
// both (a pass reports each symbol once). Every sighting, not just the
// first: zxing joins the rows of two identical codes stacked one above the
// other into one read, centred between them, and each label's own read is
// close enough to that one; the two are still too far apart to be one label.
// A label is placed where its tightest sighting saw it: one label's read
// spans at most its bars' height, less than its width, where a joined read
// is as tall as both labels and centred on neither. Detections of different
// texts at one place are one label misread by some pass: the text more
// passes saw is kept (on a tie, the one whose symbology checks itself
// better), so a misread never adds a count.
import type { Point } from './geometry.ts'

export interface DetectedCode {
  text: string
  /** zxing's format name, e.g. 'EAN13', 'Code128', 'QRCode' */
  format: string
  /** in photo pixels */
  center: Point
  /** the symbol's longest side, photo pixels */
  size: number
  /** direction of the symbol's top edge (across a 1D code's bars), degrees clockwise */
  angle: number
  /** how many passes found it */
  seenBy: number
}

export interface PassDetection {
  text: string
  format: string
  center: Point
  size: number
  /** degrees clockwise; 0 if unknown */
  angle?: number
}

/** Fraction of the symbol size within which two sightings are one label. */
const SAME_LABEL = 0.5

/** UPC-E and EAN-8 have little redundancy: part of a longer 1D code can read as one. */
const FRAGMENT_PRONE = new Set(['UPCE', 'EAN8'])
export const LINEAR = new Set(['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128'])

/** A short code whose centre lies on a longer 1D code: a misread fragment of it, not a label. */
function isFragment(code: DetectedCode, all: readonly DetectedCode[]): boolean {
  if (!FRAGMENT_PRONE.has(code.format)) return false
  return all.some(
    (other) => other !== code && LINEAR.has(other.format) && other.size > code.size * 1.2 && Math.hypot(other.center.x - code.center.x, other.center.y - code.center.y) < other.size / 2,
  )
}

/**
 * How well a symbology guards against misreads, highest first: 2D codes and
 * Code 128 carry error correction or a mod-103 check; EAN/UPC a mod-10 check
 * digit, the short ones over fewer, weaker guarded digits.
 */
const STRENGTH: Record<string, number> = { QRCode: 4, DataMatrix: 4, Code128: 3, EAN13: 2, UPCA: 2, EAN8: 1, UPCE: 0 }

const samePlace = (a: DetectedCode, b: DetectedCode) => Math.hypot(a.center.x - b.center.x, a.center.y - b.center.y) < SAME_LABEL * Math.max(a.size, b.size)

/** True when `other`, at the same place with another text, is the better reading of that label. */
function outvotes(other: DetectedCode, code: DetectedCode, order: Map<DetectedCode, number>): boolean {
  if (other.seenBy !== code.seenBy) return other.seenBy > code.seenBy
  const [a, b] = [STRENGTH[other.format] ?? 0, STRENGTH[code.format] ?? 0]
  if (a !== b) return a > b
  return order.get(other)! < order.get(code)!
}

const near = (a: Sighting, b: Sighting) => Math.hypot(a.center.x - b.center.x, a.center.y - b.center.y) < SAME_LABEL * Math.max(a.size, b.size)

interface Sighting {
  center: Point
  size: number
}

export class DetectionMerger {
  private readonly found: DetectedCode[] = []
  /** where each pass saw each label */
  private readonly sightings = new Map<DetectedCode, Sighting[]>()

  /** Every label found so far: fragments of longer codes and outvoted misreads left out. */
  get codes(): DetectedCode[] {
    const order = new Map(this.found.map((code, i) => [code, i]))
    return this.found.filter(
      (code) => !isFragment(code, this.found) && !this.found.some((other) => other !== code && other.text !== code.text && samePlace(other, code) && outvotes(other, code, order)),
    )
  }

  /** Forgets the sightings `keep` says no to (e.g. codes no second read confirmed). */
  retain(keep: (code: DetectedCode) => boolean): void {
    const kept = this.found.filter(keep)
    for (const code of this.found) if (!kept.includes(code)) this.sightings.delete(code)
    this.found.splice(0, this.found.length, ...kept)
  }

  /** Adds one pass's detections, merging those that match a label already found. */
  add(pass: readonly PassDetection[]): void {
    const claimed = new Set<DetectedCode>()
    for (const d of pass) {
      let best: DetectedCode | null = null
      let bestDistance = Infinity
      for (const code of this.found) {
        if (code.text !== d.text || code.format !== d.format || claimed.has(code)) continue
        const gap = Math.hypot(code.center.x - d.center.x, code.center.y - d.center.y)
        if (gap < bestDistance && this.sightings.get(code)!.every((seen) => near(seen, d))) {
          best = code
          bestDistance = gap
        }
      }
      if (best) {
        claimed.add(best)
        best.seenBy++
        this.sightings.get(best)!.push({ center: d.center, size: d.size })
        if (d.size < best.size) Object.assign(best, { center: d.center, size: d.size, angle: d.angle ?? best.angle })
      } else {
        const code = { ...d, angle: d.angle ?? 0, seenBy: 1 }
        claimed.add(code)
        this.found.push(code)
        this.sightings.set(code, [{ center: d.center, size: d.size }])
      }
    }
  }
}
