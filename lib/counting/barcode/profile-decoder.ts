// Reads an EAN-13 / UPC-A or UPC-E code (ean-symbols.ts) from one line
// across its bars by fitting the whole symbol, where zxing reads edges. Blur
// smears a one-module bar or space into grey that no threshold splits, so
// zxing finds no edges there; but each digit is one of 20 patterns of seven
// modules, and each pattern blurred looks unlike the others. For a guess of where the code starts and
// ends and how much it is blurred, every digit's stretch of the line is
// compared with each pattern blurred alike (a least-squares fit of level and
// contrast, so uneven light does not matter), and the digits that fit best
// together with a valid check digit are the read. A read is kept only when
// the next best valid code fits clearly worse, and the guards fit too.
// A line holding an EAN-13 is not read as a UPC-E: the longer code is the
// one with more to check. Blur and positions are in modules.
import { EAN13, UPCE, type Stretch, type Symbology, type SymbolRead } from './ean-symbols.ts'
import { stretches, varianceOf } from './line-stretches.ts'

/** Samples per module compared. */
const PER_MODULE = 3
/** Blur tried, in modules (the Gaussian's sigma). */
const BLURS = [0.35, 0.55, 0.75]
/** Stretches of a line (either way round) moved into place after the first fit. */
const SETTLED = 4
/** Most rounds of moves at each step size: a stretch that keeps moving is no code settling into place. */
const ROUNDS = 4
/** Worst share of the line's variance a first fit may leave unexplained to be moved into place (lines without a code stop there; set on the real-photo manifest, where 0.25 lost reads). */
const PROMISING = 0.35
/** Stretches of a line fitted at all: those whose guards fit best. */
const FITTED = 16

export interface ProfileRead {
  format: SymbolRead['format']
  text: string
  /** where the symbol starts and ends on the line, pixels */
  start: number
  end: number
  /** the best fit's unexplained share of the line's variance, 0–1 */
  misfit: number
  /** how much worse the next best valid code fits, as a share of the best one's misfit */
  margin: number
}

export interface ProfileOptions {
  /** least margin a read needs to be kept; by default each symbol's own */
  minMargin?: number
  /** most misfit a read may have */
  maxMisfit?: number
}

const MAX_MISFIT = 0.25

function phi(x: number): number {
  // Abramowitz–Stegun 7.1.26 erf; the fit needs two or three digits
  const z = Math.abs(x) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * z)
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z)
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf)
}

/** Darkness (1 = bar) of `bits` blurred by `blur` modules, sampled PER_MODULE times a module over `from`..`from + count` of them. */
function render(bits: string, blur: number, from: number, count: number): Template {
  const values = new Float64Array(count * PER_MODULE)
  for (let k = 0; k < values.length; k++) {
    const x = from + (k + 0.5) / PER_MODULE
    let v = 0
    for (let m = 0; m < bits.length; m++) if (bits[m] === '1') v += phi((x - m) / blur) - phi((x - m - 1) / blur)
    values[k] = v
  }
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length
  const centred = values.map((v) => v - mean)
  return { centred, spread: centred.reduce((sum, v) => sum + v * v, 0) }
}

/** A pattern's darkness less its mean, and the sum of its squares: what every fit to it needs. */
interface Template {
  centred: Float64Array
  spread: number
}

/** A stretch of the symbol with its patterns rendered: one list of templates per parity set. */
interface Window {
  /** first module compared */
  at: number
  count: number
  sets: Template[][]
  /** where the line's levels at the window's samples are put, one window at a time */
  levels: Float64Array
  /** every set's templates one after another, and their spreads: placing the symbol reads them all in one loop */
  flat: Float64Array
  spreads: Float64Array
}

interface Layout {
  guards: Window[]
  digits: Window[]
  all: Window[]
}

const layouts = new Map<Symbology, Layout[]>()

/** The symbol's stretches with every pattern rendered at BLURS[`blur`]. */
function layout(symbology: Symbology, blur: number): Layout {
  let found = layouts.get(symbology)
  if (!found) {
    found = BLURS.map((sigma) => {
      const windows = (stretch: Stretch): Window => {
        const sets = stretch.sets.map((set) => set.map((bits) => render(stretch.before + bits + stretch.after, sigma, stretch.before.length, stretch.bits)))
        const all = sets.flat()
        const flat = new Float64Array(all.length * stretch.bits * PER_MODULE)
        all.forEach((t, i) => flat.set(t.centred, i * stretch.bits * PER_MODULE))
        return { at: stretch.at, count: stretch.bits, sets, levels: new Float64Array(stretch.bits * PER_MODULE), flat, spreads: Float64Array.from(all, (t) => t.spread) }
      }
      const [guards, digits] = [symbology.guards.map(windows), symbology.digits.map(windows)]
      return { guards, digits, all: [...guards, ...digits] }
    })
    layouts.set(symbology, found)
  }
  return found[blur]!
}

/**
 * Where the symbol lies on the line, pixels: its start, the middle of its centre guard, its end. Each half has
 * its own module width: a label on a round pack or bent in the photo squeezes one half more than the other.
 */
interface Span {
  start: number
  centre: number
  end: number
}

/** The line's levels at a window's samples (linear between pixels), the symbol at `span` of `modules`. */
function sample(line: Float32Array | Float64Array, { start, centre, end }: Span, modules: number, window: Window): Float64Array {
  const out = window.levels
  const half = modules / 2
  const [left, right] = [(centre - start) / half, (end - centre) / half]
  const last = line.length - 2
  for (let k = 0; k < out.length; k++) {
    const m = window.at + (k + 0.5) / PER_MODULE
    // pixel centres are at half pixels
    const x = (m < half ? start + m * left : centre + (m - half) * right) - 0.5
    const i = x < 0 ? 0 : x > last ? last : Math.floor(x)
    const f = x - i < 0 ? 0 : x - i > 1 ? 1 : x - i
    out[k] = line[i]! * (1 - f) + line[i + 1]! * f
  }
  return out
}

/** A window's levels less their mean, and the sum of their squares. */
function centre(y: Float64Array): number {
  let mean = 0
  for (let k = 0; k < y.length; k++) mean += y[k]!
  mean /= y.length
  let spread = 0
  for (let k = 0; k < y.length; k++) {
    y[k]! -= mean
    spread += y[k]! * y[k]!
  }
  return spread
}

/** Squared error left after fitting centred levels y (spread `vy`) as a − b·t with b > 0 (bars darker than spaces). */
function misfit(y: Float64Array, vy: number, t: Template): number {
  let cov = 0
  for (let k = 0; k < y.length; k++) cov += y[k]! * t.centred[k]!
  if (t.spread === 0 || cov >= 0) return vy
  return vy - (cov * cov) / t.spread
}

/** Each template's misfit to the line's levels in a window, by set. */
function misfits(line: Float32Array | Float64Array, span: Span, modules: number, w: Window): number[][] {
  const y = sample(line, span, modules, w)
  const vy = centre(y)
  return w.sets.map((set) => set.map((t) => misfit(y, vy, t)))
}

/** What placing the symbol at `span`, blurred by BLURS[`blur`], leaves unexplained with each stretch's best pattern (no check digit): the cost moved down while placing it. */
function placementCost(line: Float32Array | Float64Array, span: Span, symbology: Symbology, blur: number): number {
  let cost = 0
  for (const w of layout(symbology, blur).all) {
    const { flat, spreads } = w
    const y = sample(line, span, symbology.modules, w)
    const vy = centre(y)
    const n = y.length
    let least = vy
    // misfit() over every template, inlined: the loop most of the fitting's time is spent in
    for (let t = 0, o = 0; t < spreads.length; t++, o += n) {
      let cov = 0
      for (let k = 0; k < n; k++) cov += y[k]! * flat[o + k]!
      if (cov < 0 && spreads[t]! > 0) least = Math.min(least, vy - (cov * cov) / spreads[t]!)
    }
    cost += least
  }
  return cost
}

/** What the guards alone leave unexplained with the symbol at `span`. */
function guardCost(line: Float32Array | Float64Array, span: Span, modules: number, guards: readonly Window[]): number {
  let cost = 0
  for (const w of guards) {
    const y = sample(line, span, modules, w)
    cost += misfit(y, centre(y), w.sets[0]![0]!)
  }
  return cost
}

/** How well the code fits with the symbol at `span`: the best valid code, and the next best valid code's cost. */
function fitAt(line: Float32Array | Float64Array, span: Span, symbology: Symbology, blur: number): SymbolRead | null {
  const { digits } = layout(symbology, blur)
  const guards = guardCost(line, span, symbology.modules, layout(symbology, blur).guards)
  const read = symbology.read(digits.map((w) => misfits(line, span, symbology.modules, w)))
  return read && { ...read, cost: read.cost + guards, second: read.second + guards }
}

/** The code on a line of grey levels across its bars (left to right or right to left), or null. */
export function decodeProfile(line: Float32Array | Float64Array, options: ProfileOptions = {}): ProfileRead | null {
  for (const symbology of [EAN13, UPCE]) {
    const read = fitSymbol(line, symbology, { minMargin: symbology.minMargin, maxMisfit: MAX_MISFIT, ...options })
    if (read) return read
  }
  return null
}

const MOVES: [number, number, number][] = [[-1, 0, 0], [1, 0, 0], [0, 0, -1], [0, 0, 1], [0, -1, 0], [0, 1, 0], [-1, -1, -1], [1, 1, 1]]

function fitSymbol(line: Float32Array | Float64Array, symbology: Symbology, { minMargin, maxMisfit }: Required<ProfileOptions>): ProfileRead | null {
  const { modules } = symbology
  let best: { read: SymbolRead; span: Span; share: number } | null = null
  // the line both ways round (a code upside down reads right to left)
  const guesses = [false, true].flatMap((reversed) => {
    const l = reversed ? Float64Array.from(line).reverse() : line
    const variance = varianceOf(l)
    const share = (cost: number, span: Span) => cost / (variance(span.start, span.end) * modules * PER_MODULE)
    const { guards } = layout(symbology, 1)
    const spanOf = (a: number, b: number): Span => ({ start: a, centre: (a + b) / 2, end: b })
    // every stretch fitted once where it lies; the few that fit best are moved into place
    return stretches(l, symbology.modules, symbology.runs)
      .map(([a, b]) => ({ a, b, cost: guardCost(l, spanOf(a, b), modules, guards) / variance(a, b) }))
      .sort((x, y) => x.cost - y.cost)
      .slice(0, FITTED)
      .map(({ a, b }) => {
        const cost = placementCost(l, spanOf(a, b), symbology, 1)
        return { span: spanOf(a, b), cost, share: share(cost, spanOf(a, b)), l, reversed, shareOf: share }
      })
      .filter((g) => g.share <= PROMISING)
  })
  for (const guess of guesses.sort((x, y) => x.share - y.share).slice(0, SETTLED)) {
    const { l, reversed } = guess
    let { span, cost } = guess
    let blur = 1
    const u = (span.end - span.start) / modules
    for (let step = 0.5; step >= 0.12; step /= 2) {
      let moved = true
      for (let round = 0; moved && round < ROUNDS; round++) {
        moved = false
        for (const [ds, dc, de] of MOVES) {
          const next = { start: span.start + ds * step * u, centre: span.centre + dc * step * u, end: span.end + de * step * u }
          const c = placementCost(l, next, symbology, blur)
          if (c < cost) [cost, span, moved] = [c, next, true]
        }
        for (const b of [blur - 1, blur + 1]) {
          if (b < 0 || b >= BLURS.length) continue
          const c = placementCost(l, span, symbology, b)
          if (c < cost) [cost, blur, moved] = [c, b, true]
        }
      }
    }
    // a valid code costs at least what each stretch's best pattern does: no read from here could be kept, or be the best
    const least = guess.shareOf(cost, span)
    if (least > maxMisfit || (best && least >= best.share)) continue
    const read = fitAt(l, span, symbology, blur)
    if (!read) continue
    const share = guess.shareOf(read.cost, span)
    const placed = reversed ? { start: line.length - span.end, centre: line.length - span.centre, end: line.length - span.start } : span
    if (!best || share < best.share) best = { read, span: placed, share }
  }
  if (!best) return null
  const margin = (best.read.second - best.read.cost) / best.read.cost
  if (best.share > maxMisfit || margin < minMargin) return null
  return { format: best.read.format, text: best.read.text, start: best.span.start, end: best.span.end, misfit: best.share, margin }
}
