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
// 1D detections of different texts at one place are one label misread by
// some pass: a text is kept only if more passes read it than all the others
// there together, so a misread never adds a count, and a label read as often
// one way as another is left out (a wrong code is worse than a missed one).
// Reads not yet confirmed count in that vote too. A QR or DataMatrix code
// (Reed–Solomon error correction) does not misread into another text: two of
// them at one place are two symbols (one printed inside the other), and a 2D
// code beside a 1D one is a label's second symbol; none of them votes.
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
  /** the most rows that agreed on one read of it (zxing's lineCount; 0 where zxing gives none) */
  lines: number
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

/** EAN/UPC: one mod-10 check digit, which a misread of two or more digits passes one time in ten. */
const CHECK_DIGIT_ONLY = new Set(['EAN13', 'EAN8', 'UPCA', 'UPCE'])
/** Fewest rows one read of an EAN/UPC label must have agreed on for the label to count (zxing's own least is 2). */
const LEAST_LINES = 3

/**
 * Whether a label counts. QR and DataMatrix carry Reed–Solomon error
 * correction: one read is enough. A 1D label counts once two passes read it
 * at one place. An EAN/UPC label also needs one read that held on at least
 * three rows (every row, in a photo fewer than three pixels across, as zxing
 * lowers its own least for a short image): zxing takes a read that two rows
 * agree on, and rows a pixel apart see the same blur, curve and slant and
 * misread alike into another number with a valid check digit (a blurred UPC-A
 * at 1.4 px a module on a curved pack; a tilted one at 2 px a module, in
 * JPEG), which other passes, reading the same pixels, can repeat. Code 128's
 * mod-103 check character makes such a misread far rarer. A wrong code is
 * worse than a missed one.
 */
export function isCounted(code: DetectedCode, photoSide: number): boolean {
  if (!LINEAR.has(code.format)) return true
  return code.seenBy >= 2 && (!CHECK_DIGIT_ONLY.has(code.format) || code.lines >= Math.min(LEAST_LINES, photoSide))
}

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
      if (!LINEAR.has(code.format)) return true
      const rivals = this.found.filter((other) => LINEAR.has(other.format) && other.text !== code.text && near(other, code) && !this.isFragment(other))
      return code.seenBy > rivals.reduce((sum, other) => sum + other.seenBy, 0)
    })
  }

  /** Whether every label found so far counts as it is: none misread by some pass, none a fragment, none waiting for a second read. */
  everyLabelCounts(photoSide: number): boolean {
    const kept = this.codes
    return kept.length > 0 && kept.length === this.found.length && kept.every((code) => isCounted(code, photoSide))
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
        best.lines = Math.max(best.lines, d.lines ?? 0)
        this.sightings.get(best)!.push(sightingOf(d))
        if (d.size < best.size) Object.assign(best, { center: d.center, size: d.size, angle: d.angle ?? best.angle })
      } else {
        const code = { text: d.text, format: d.format, center: d.center, size: d.size, angle: d.angle ?? 0, seenBy: 1, lines: d.lines ?? 0 }
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
