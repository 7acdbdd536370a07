// Whether two reads of 1D codes lie on the same bars. zxing places a 1D read
// on the rows it read it on, not on the whole symbol: one label read near the
// top of its bars in one pass and near the bottom in another gives two places
// further apart than half the symbol, and on a curved pack one pass reports
// rows apart as two symbols. Two copies of a product stacked in a column are
// as far apart. What tells them apart is the photo between the two reads,
// walked in 2-pixel steps: on one label the profile across the bars (their
// direction taken from the gradients, not from zxing, which scans slanted
// bars obliquely) stays the bars seen a few steps back; between two labels
// the bars end in their digits, the card's white, a caption, or the clutter
// between cards, where the profile goes flat or stops matching. Matching the
// step before would not do: printed stripes beside a label match themselves.
import type { Point } from './geometry.ts'
import { bilinear, type GreyImage } from './grey-image.ts'

export interface BarsRead {
  center: Point
  /** the symbol's width across its bars, photo pixels */
  size: number
}

/** Step along the bars between two profiles, pixels. */
const STEP = 2
/** Least contrast (standard deviation, grey levels) of a profile across bars. */
const MIN_CONTRAST = 12
/**
 * Least correlation of each profile on the way with the bars a few steps
 * back (ANCHOR_EVERY), shifted by where those bars should be (the reads may
 * be offset across the bars) give or take MAX_SHIFT samples or a WINDOW share
 * of the profile. Bars that bend (a curved pack) or narrow (perspective) are
 * followed; a caption, a card's edge or printed stripes beside the label are
 * not the bars left behind, and break the walk.
 */
const MIN_CORRELATION = 0.6
const MAX_SHIFT = 2
const WINDOW = 0.05
const ANCHOR_EVERY = 4

/** Least coherence of the gradients around a read for its bars' direction to be trusted (0–1). */
const MIN_COHERENCE = 0.5

/**
 * The unit vector across the bars around `center` (within `radius`), from the
 * gradients' structure tensor: zxing reports the direction it scanned, which
 * crosses slanted bars obliquely. Null where the gradients do not agree.
 */
function acrossBars(image: GreyImage, center: Point, radius: number): Point | null {
  const { data, width: w, height: h } = image
  const r = Math.max(4, Math.round(radius))
  const [x0, x1] = [Math.max(1, Math.round(center.x) - r), Math.min(w - 2, Math.round(center.x) + r)]
  const [y0, y1] = [Math.max(1, Math.round(center.y) - r), Math.min(h - 2, Math.round(center.y) + r)]
  let [sxx, syy, sxy] = [0, 0, 0]
  // every other pixel of every other row: the direction of bars hundreds of pixels long needs no more
  for (let y = y0; y <= y1; y += 2) {
    for (let k = y * w + x0, end = y * w + x1; k <= end; k += 2) {
      const gx = data[k + 1]! - data[k - 1]!
      const gy = data[k + w]! - data[k - w]!
      sxx += gx * gx
      syy += gy * gy
      sxy += gx * gy
    }
  }
  if (sxx + syy === 0 || Math.hypot(sxx - syy, 2 * sxy) / (sxx + syy) < MIN_COHERENCE) return null
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy)
  return { x: Math.cos(theta), y: Math.sin(theta) }
}

function correlation(a: Float32Array, b: Float32Array, shift: number): number {
  let [n, sa, sb, saa, sbb, sab] = [0, 0, 0, 0, 0, 0]
  for (let i = Math.max(0, -shift); i < a.length && i + shift < b.length; i++) {
    const [x, y] = [a[i]!, b[i + shift]!]
    n++
    sa += x
    sb += y
    saa += x * x
    sbb += y * y
    sab += x * y
  }
  const cov = sab - (sa * sb) / n
  const varA = saa - (sa * sa) / n
  const varB = sbb - (sb * sb) / n
  return varA > 0 && varB > 0 ? cov / Math.sqrt(varA * varB) : 0
}

/** Whether `profile` shows the bars of `bars` shifted by about `shift` samples (up to `window` either way; nearest first). */
function matches(bars: Float32Array, profile: Float32Array, shift: number, window: number): boolean {
  for (let k = 0; k <= window; k++) {
    if (correlation(bars, profile, shift + k) >= MIN_CORRELATION) return true
    if (k > 0 && correlation(bars, profile, shift - k) >= MIN_CORRELATION) return true
  }
  return false
}

/** Standard deviation of a profile, grey levels. */
function contrast(profile: Float32Array): number {
  let [sum, sumSq] = [0, 0]
  for (const v of profile) {
    sum += v
    sumSq += v * v
  }
  return Math.sqrt(Math.max(0, sumSq / profile.length - (sum / profile.length) ** 2))
}

/**
 * Tells whether two 1D reads lie on the same bars of one photo. Remembers the
 * bars' direction at each read and each answer: the merger asks about the
 * same reads many times over.
 */
export class SameBarsCheck {
  private readonly directions = new Map<string, Point | null>()
  private readonly answers = new Map<string, boolean>()

  constructor(private readonly image: GreyImage) {}

  /**
   * True when the bars under `a` run on to `b`: `b` lies along them (across
   * them, within `a`'s width give or take a quarter of the smaller symbol) and
   * every profile across the bars on the way, as wide as most of the smaller
   * symbol, has contrast and shows the bars seen a few steps back.
   */
  test(a: BarsRead, b: BarsRead): boolean {
    const [dx, dy] = [b.center.x - a.center.x, b.center.y - a.center.y]
    if (Math.hypot(dx, dy) > 2 * Math.max(a.size, b.size)) return false
    const key = [a.center.x, a.center.y, a.size, b.center.x, b.center.y, b.size].join()
    let answer = this.answers.get(key)
    if (answer === undefined) {
      answer = this.walk(a, b)
      this.answers.set(key, answer)
    }
    return answer
  }

  private walk(a: BarsRead, b: BarsRead): boolean {
    const size = Math.min(a.size, b.size)
    const [dx, dy] = [b.center.x - a.center.x, b.center.y - a.center.y]
    const across = this.acrossAt(a.center, 0.25 * size)
    const offset = across ? dx * across.x + dy * across.y : Infinity
    if (!across || Math.abs(offset) > Math.abs(a.size - b.size) / 2 + 0.25 * size) return false
    const half = 0.4 * size
    const samples = Math.min(256, Math.max(16, Math.round(2 * half)))
    const profile = (f: number) => {
      const [x, y] = [a.center.x + dx * f, a.center.y + dy * f]
      const raw = new Float32Array(samples)
      for (let i = 0; i < samples; i++) {
        const t = -half + (2 * half * i) / (samples - 1)
        raw[i] = bilinear(this.image, x + t * across.x, y + t * across.y)
      }
      // smoothed [1 2 1]: a bar a fraction of a pixel off still lines up
      const out = new Float32Array(samples)
      for (let i = 0; i < samples; i++) out[i] = (raw[Math.max(0, i - 1)]! + 2 * raw[i]! + raw[Math.min(samples - 1, i + 1)]!) / 4
      return out
    }
    // a bar at profile sample i at `a` is at sample i − drift·f a fraction f of the way to `b`
    const drift = offset / ((2 * half) / (samples - 1))
    const window = Math.max(MAX_SHIFT, Math.round(WINDOW * samples))
    const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy) / STEP))
    let [anchor, anchorAt] = [profile(0), 0]
    for (let s = 1; s <= steps; s++) {
      const f = s / steps
      const here = profile(f)
      if (contrast(here) < MIN_CONTRAST || !matches(anchor, here, Math.round(-drift * (f - anchorAt)), window)) return false
      if (s % ANCHOR_EVERY === 0) [anchor, anchorAt] = [here, f]
    }
    return true
  }

  private acrossAt(center: Point, radius: number): Point | null {
    const key = [center.x, center.y, radius].join()
    if (!this.directions.has(key)) this.directions.set(key, acrossBars(this.image, center, radius))
    return this.directions.get(key)!
  }
}
