// Several passes see the same printed label; one label must count once.
// Detections of one text are the same label when they are one symbol (their
// centres closer than half the larger symbol, or, for 1D codes, on the same
// bars: same-bars.ts) with every sighting of it so far. Every sighting, not
// just the first: zxing joins the rows of two identical codes stacked one
// above the other into one read, centred between them, and each label's own
// read is close enough to that one; the two are still too far apart to be
// one label. A label is placed where its tightest sighting saw it: one
// label's read spans at most its bars' height, less than its width, where a
// joined read is as tall as both labels and centred on neither.
// Two reads of one text in one pass are two labels, unless their corners
// touch or they lie on the same bars: zxing reports one symbol again when it
// reads it turned 90° or downscaled, or on rows apart on a curved pack.
// A UPC-E or EAN-8 on a longer 1D code's bars is a misread fragment of it.
// Detections of different texts at one place are one label misread by some
// pass: a text is kept only if more passes read it than all the others
// there together, so a misread never adds a count, and a label read as often
// one way as another is left out (a wrong code is worse than a missed one).
// Reads not yet confirmed count in that vote too.
import { quadsTouch, type Point, type Quad } from './geometry.ts'
import type { BarsRead } from './same-bars.ts'

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
  /** where the symbol was read, photo pixels; without them a read touches no other */
  corners?: Quad
  /** rows that agreed on a 1D read (zxing's lineCount) */
  lines?: number
}

/** Fraction of the symbol size within which two sightings are one label. */
const SAME_LABEL = 0.5

/** UPC-E and EAN-8 have little redundancy: part of a longer 1D code can read as one. */
const FRAGMENT_PRONE = new Set(['UPCE', 'EAN8'])
export const LINEAR = new Set(['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128'])

/** Whether two 1D reads lie on the same bars (same-bars.ts); without a photo to look at, never. */
export type SameBars = (a: BarsRead, b: BarsRead) => boolean

const near = (a: Sighting, b: Sighting) => Math.hypot(a.center.x - b.center.x, a.center.y - b.center.y) < SAME_LABEL * Math.max(a.size, b.size)

interface Sighting {
  center: Point
  size: number
}

const sightingOf = (d: PassDetection): Sighting => ({ center: d.center, size: d.size })

export class DetectionMerger {
  private readonly found: DetectedCode[] = []
  /** where each pass saw each label */
  private readonly sightings = new Map<DetectedCode, Sighting[]>()

  constructor(private readonly sameBars: SameBars = () => false) {}

  /** Two 1D reads on one symbol: close, or on the same bars. */
  private oneSymbol(a: Sighting & { format: string }, b: Sighting & { format: string }): boolean {
    return near(a, b) || (LINEAR.has(a.format) && LINEAR.has(b.format) && this.sameBars(a, b))
  }

  /** A short code read off a longer 1D code's bars: a misread fragment of it, not a label. */
  private isFragment(code: DetectedCode): boolean {
    if (!FRAGMENT_PRONE.has(code.format)) return false
    return this.found.some((other) => other !== code && LINEAR.has(other.format) && other.size > code.size * 1.2 && this.oneSymbol(other, code))
  }

  /**
   * Every label found so far, however many passes saw it: fragments of
   * longer codes left out, and labels read with other texts too kept only if
   * more passes saw their text than all the others together (a misread
   * outvoted; a label read as often one way as another way is not trusted).
   */
  get codes(): DetectedCode[] {
    return this.found.filter((code) => {
      if (this.isFragment(code)) return false
      const rivals = this.found.filter((other) => other.text !== code.text && near(other, code) && !this.isFragment(other))
      return code.seenBy > rivals.reduce((sum, other) => sum + other.seenBy, 0)
    })
  }

  /** Adds one pass's detections, merging those that match a label already found. */
  add(pass: readonly PassDetection[]): void {
    const claimed = new Set<DetectedCode>()
    for (const d of this.oneSightingEach(pass)) {
      const seen = { ...sightingOf(d), format: d.format }
      let best: DetectedCode | null = null
      let bestDistance = Infinity
      for (const code of this.found) {
        if (code.text !== d.text || code.format !== d.format || claimed.has(code)) continue
        const gap = Math.hypot(code.center.x - d.center.x, code.center.y - d.center.y)
        if (gap < bestDistance && this.sightings.get(code)!.every((s) => this.oneSymbol({ ...s, format: d.format }, seen))) {
          best = code
          bestDistance = gap
        }
      }
      if (best) {
        claimed.add(best)
        best.seenBy++
        this.sightings.get(best)!.push(sightingOf(d))
        if (d.size < best.size) Object.assign(best, { center: d.center, size: d.size, angle: d.angle ?? best.angle })
      } else {
        const code = { text: d.text, format: d.format, center: d.center, size: d.size, angle: d.angle ?? 0, seenBy: 1 }
        claimed.add(code)
        this.found.push(code)
        this.sightings.set(code, [sightingOf(d)])
      }
    }
  }

  /** Reads of one text in one pass that touch (within a few pixels) or lie on the same bars, directly or through others: one symbol, kept as its read on most rows. */
  private oneSightingEach(pass: readonly PassDetection[]): PassDetection[] {
    const group = pass.map((_, i) => i)
    const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)))
    pass.forEach((a, i) => {
      for (let j = 0; j < i; j++) {
        const b = pass[j]!
        if (a.text !== b.text || a.format !== b.format) continue
        const touch = a.corners && b.corners && quadsTouch(a.corners, b.corners, Math.max(2, 0.03 * Math.max(a.size, b.size)))
        if (touch || (LINEAR.has(a.format) && this.sameBars(sightingOf(a), sightingOf(b)))) group[root(i)] = root(j)
      }
    })
    const best = new Map<number, PassDetection>()
    pass.forEach((d, i) => {
      const current = best.get(root(i))
      if (!current || (d.lines ?? 0) > (current.lines ?? 0)) best.set(root(i), d)
    })
    return [...best.values()]
  }
}
