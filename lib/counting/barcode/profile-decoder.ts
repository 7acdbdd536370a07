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

/** Darkness (1 = bar) of `bits` blurred by `blur` modules, sampled PER_MODULE times a module over `from`..`from + count` of them, less its mean. */
function render(bits: string, blur: number, from: number, count: number): Float64Array {
  const values = new Float64Array(count * PER_MODULE)
  for (let k = 0; k < values.length; k++) {
    const x = from + (k + 0.5) / PER_MODULE
    let v = 0
    for (let m = 0; m < bits.length; m++) if (bits[m] === '1') v += phi((x - m) / blur) - phi((x - m - 1) / blur)
    values[k] = v
  }
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length
  return values.map((v) => v - mean)
}

/** A stretch of the symbol with its patterns rendered, every parity set's one after another. */
interface Window {
  /** first module compared */
  at: number
  /** patterns in each set */
  perSet: number
  /** the patterns' centred darkness, each `levels.length` long, and each one's sum of squares */
  patterns: Float64Array
  spreads: Float64Array
  /** where the line's levels at the window's samples, and each pattern's misfit to them, are put: one window at a time */
  levels: Float64Array
  misfits: Float64Array
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
        const rendered = stretch.sets.flat().map((bits) => render(stretch.before + bits + stretch.after, sigma, stretch.before.length, stretch.bits))
        const size = stretch.bits * PER_MODULE
        const patterns = new Float64Array(rendered.length * size)
        rendered.forEach((t, i) => patterns.set(t, i * size))
        return {
          at: stretch.at,
          perSet: stretch.sets[0]!.length,
          patterns,
          spreads: Float64Array.from(rendered, (t) => t.reduce((sum, v) => sum + v * v, 0)),
          levels: new Float64Array(size),
          misfits: new Float64Array(rendered.length),
        }
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

/**
 * Each pattern's misfit to the line in a window, into `w.misfits`: the squared error left after fitting the
 * levels as a − b·pattern with b > 0 (bars darker than spaces), all the levels' spread where no such fit helps.
 * Returns the least. The loop most of the fitting's time is spent in.
 */
function misfits(line: Float32Array | Float64Array, span: Span, modules: number, w: Window): number {
  const y = sample(line, span, modules, w)
  const vy = centre(y)
  const { patterns, spreads, misfits: out } = w
  const n = y.length
  let least = vy
  for (let t = 0, o = 0; t < spreads.length; t++, o += n) {
    let cov = 0
    for (let k = 0; k < n; k++) cov += y[k]! * patterns[o + k]!
    const misfit = cov < 0 && spreads[t]! > 0 ? vy - (cov * cov) / spreads[t]! : vy
    out[t] = misfit
    if (misfit < least) least = misfit
  }
  return least
}

/** What placing the symbol at `span`, blurred by BLURS[`blur`], leaves unexplained with each stretch's best pattern (no check digit): the cost moved down while placing it. */
function placementCost(line: Float32Array | Float64Array, span: Span, symbology: Symbology, blur: number): number {
  let cost = 0
  for (const w of layout(symbology, blur).all) {
    cost += misfits(line, span, symbology.modules, w)
  }
  return cost
}

/** What the guards alone (one pattern each) leave unexplained with the symbol at `span`. */
function guardCost(line: Float32Array | Float64Array, span: Span, modules: number, guards: readonly Window[]): number {
  return guards.reduce((sum, w) => sum + misfits(line, span, modules, w), 0)
}

/** How well the code fits with the symbol at `span`: the best valid code, and the next best valid code's cost. */
function fitAt(line: Float32Array | Float64Array, span: Span, symbology: Symbology, blur: number): SymbolRead | null {
  const { digits } = layout(symbology, blur)
  const guards = guardCost(line, span, symbology.modules, layout(symbology, blur).guards)
  const read = symbology.read(
    digits.map((w) => {
      misfits(line, span, symbology.modules, w)
      const all = Array.from(w.misfits)
      return Array.from({ length: all.length / w.perSet }, (_, set) => all.slice(set * w.perSet, (set + 1) * w.perSet))
    }),
  )
  return read && { ...read, cost: read.cost + guards, second: read.second + guards }
}

/** The code on a line of grey levels across its bars (left to right or right to left), or null. */
export function decodeProfile(line: Float32Array | Float64Array, options: ProfileOptions = {}): ProfileRead | null {
  // the line both ways round (a code upside down reads right to left), for every symbol tried
  const directions = [line, Float64Array.from(line).reverse()].map((levels, i) => ({ levels, reversed: i === 1, variance: varianceOf(levels) }))
  for (const symbology of [EAN13, UPCE]) {
    const read = fitSymbol(directions, symbology, { minMargin: symbology.minMargin, maxMisfit: MAX_MISFIT, ...options })
    if (read) return read
  }
  return null
}

interface Direction {
  levels: Float32Array | Float64Array
  reversed: boolean
  variance: (from: number, to: number) => number
}

/** The share of the line's variance under a symbol at `span` that `cost` leaves unexplained. */
const shareOf = ({ variance }: Direction, modules: number, cost: number, span: Span) => cost / (variance(span.start, span.end) * modules * PER_MODULE)

const MOVES: [number, number, number][] = [[-1, 0, 0], [1, 0, 0], [0, 0, -1], [0, 0, 1], [0, -1, 0], [0, 1, 0], [-1, -1, -1], [1, 1, 1]]

/** Moves a symbol's start, centre and end, and its blur, while that lowers its placement cost, in smaller and smaller steps. */
function settle(line: Direction['levels'], symbology: Symbology, placed: { span: Span; cost: number }) {
  let { span, cost } = placed
  let blur = 1
  const u = (span.end - span.start) / symbology.modules
  for (let step = 0.5; step >= 0.12; step /= 2) {
    let moved = true
    for (let round = 0; moved && round < ROUNDS; round++) {
      moved = false
      for (const [ds, dc, de] of MOVES) {
        const next = { start: span.start + ds * step * u, centre: span.centre + dc * step * u, end: span.end + de * step * u }
        const c = placementCost(line, next, symbology, blur)
        if (c < cost) [cost, span, moved] = [c, next, true]
      }
      for (const b of [blur - 1, blur + 1]) {
        if (b < 0 || b >= BLURS.length) continue
        const c = placementCost(line, span, symbology, b)
        if (c < cost) [cost, blur, moved] = [c, b, true]
      }
    }
  }
  return { span, cost, blur }
}

function fitSymbol(directions: readonly Direction[], symbology: Symbology, { minMargin, maxMisfit }: Required<ProfileOptions>): ProfileRead | null {
  const { modules } = symbology
  const { guards } = layout(symbology, 1)
  const spanOf = (a: number, b: number): Span => ({ start: a, centre: (a + b) / 2, end: b })
  // every stretch fitted once where it lies; the few that fit best are moved into place
  const guesses = directions.flatMap((direction) =>
    stretches(direction.levels, modules, symbology.runs)
      .map(([a, b]) => ({ span: spanOf(a, b), guards: guardCost(direction.levels, spanOf(a, b), modules, guards) / direction.variance(a, b) }))
      .sort((x, y) => x.guards - y.guards)
      .slice(0, FITTED)
      .map(({ span }) => {
        const cost = placementCost(direction.levels, span, symbology, 1)
        return { direction, span, cost, share: shareOf(direction, modules, cost, span) }
      })
      .filter((g) => g.share <= PROMISING),
  )
  let best: { read: SymbolRead; span: Span; share: number } | null = null
  for (const guess of guesses.sort((x, y) => x.share - y.share).slice(0, SETTLED)) {
    const { direction } = guess
    const { span, cost, blur } = settle(direction.levels, symbology, guess)
    // a valid code costs at least what each stretch's best pattern does: no read from here could be kept, or be the best
    const least = shareOf(direction, modules, cost, span)
    if (least > maxMisfit || (best && least >= best.share)) continue
    const read = fitAt(direction.levels, span, symbology, blur)
    if (!read) continue
    const share = shareOf(direction, modules, read.cost, span)
    const length = direction.levels.length
    const placed = direction.reversed ? { start: length - span.end, centre: length - span.centre, end: length - span.start } : span
    if (!best || share < best.share) best = { read, span: placed, share }
  }
  if (!best) return null
  const margin = (best.read.second - best.read.cost) / best.read.cost
  if (best.share > maxMisfit || margin < minMargin) return null
  return { format: best.read.format, text: best.read.text, start: best.span.start, end: best.span.end, misfit: best.share, margin }
}
