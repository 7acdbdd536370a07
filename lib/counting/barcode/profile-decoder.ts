// Reads an EAN-13 / UPC-A code from one line across its bars by fitting the
// whole symbol, where zxing reads edges. Blur smears a one-module bar or
// space into grey that no threshold splits, so zxing finds no edges there;
// but each digit is one of 20 patterns of seven modules, and each pattern
// blurred looks unlike the others. For a guess of where the code starts and
// ends and how much it is blurred, every digit's stretch of the line is
// compared with each pattern blurred alike (a least-squares fit of level and
// contrast, so uneven light does not matter), and the digits that fit best
// together with a valid check digit are the read. A read is kept only when
// the next best valid code fits clearly worse, and the guards fit too.
// Everything is in module units: u pixels a module, the code 95 modules wide.

const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011']
const G_CODES = L_CODES.map((code) => [...code].reverse().map((bit) => (bit === '1' ? '0' : '1')).join(''))
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''))
/** The first digit is the left half's L/G pattern (1 = G). */
const PARITIES = ['000000', '001011', '001101', '001110', '010011', '011001', '011100', '010101', '010110', '011010']
const MODULES = 95
/** Samples per module compared. */
const PER_MODULE = 3
/** Blur tried, in modules (the Gaussian's sigma). */
const BLURS = [0.35, 0.55, 0.75]
/** Stretches of a line (either way round) moved into place after the first fit. */
const SETTLED = 4
/** Worst share of the line's variance a first fit may leave unexplained to be moved into place (lines without a code stop there; set on the real-photo manifest, where 0.25 lost reads). */
const PROMISING = 0.35
/** Share of a line's range below its running mean a level must be to start a dark run. */
const NOISE = 0.03
/** Stretches of a line fitted at all: those whose guards fit best. */
const FITTED = 16

export interface ProfileRead {
  format: 'EAN13' | 'UPCA'
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
  /** least margin a read needs to be kept */
  minMargin?: number
  /** most misfit a read may have */
  maxMisfit?: number
}

/**
 * A read's least margin over the next best valid code was set on the real-photo manifest's EAN-13 and UPC-A
 * photos (lines across them): no line read a wrong code with a margin above 0.2.
 */
const DEFAULTS: Required<ProfileOptions> = { minMargin: 0.3, maxMisfit: 0.25 }

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

interface Window {
  /** first module compared */
  at: number
  count: number
  /** templates to choose from, each rendered over the window */
  options: Template[]
}

// Each digit is rendered with the modules either side that the code fixes (a left digit ends in a bar and the next
// starts with a space; a right digit the other way round), and two modules more of them for blur to reach.
function digitTemplates(codes: string[], before: string, after: string, blur: number): Template[] {
  return codes.map((code) => render(before + code + after, blur, before.length, 7))
}

interface Layout {
  guards: Window[]
  left: Window[][]
  right: Window[]
}

const layouts = new Map<number, Layout>()

function layout(blur: number): Layout {
  let found = layouts.get(blur)
  if (found) return found
  const guard = (bits: string, at: number, pad: string, padAfter: string): Window => ({
    at,
    count: bits.length,
    options: [render(pad + bits + padAfter, blur, pad.length, bits.length)],
  })
  const left = [L_CODES, G_CODES].map((codes) => digitTemplates(codes, '1', '0', blur))
  const right = digitTemplates(R_CODES, '0', '1', blur)
  found = {
    guards: [guard('101', 0, '00', '0'), guard('01010', 45, '1', '1'), guard('101', 92, '0', '00')],
    left: [0, 1, 2, 3, 4, 5].map((i) => left.map((options) => ({ at: 3 + 7 * i, count: 7, options }))),
    right: [0, 1, 2, 3, 4, 5].map((i) => ({ at: 50 + 7 * i, count: 7, options: right })),
  }
  layouts.set(blur, found)
  return found
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

const HALF = MODULES / 2

/** Pixel position of module position `m` (0 to 95). */
const at = ({ start, centre, end }: Span, m: number) => (m < HALF ? start + (m * (centre - start)) / HALF : centre + ((m - HALF) * (end - centre)) / HALF)

/** The line's levels at a window's samples. */
function sample(line: Float32Array | Float64Array, span: Span, window: Window, out = new Float64Array(window.count * PER_MODULE)): Float64Array {
  for (let k = 0; k < out.length; k++) {
    const x = at(span, window.at + (k + 0.5) / PER_MODULE) - 0.5
    const i = Math.max(0, Math.min(line.length - 2, Math.floor(x)))
    const f = Math.max(0, Math.min(1, x - i))
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

/** Each template's misfit to the line's levels in a window. */
function misfits(line: Float32Array | Float64Array, span: Span, w: Window, options = w.options): number[] {
  const y = sample(line, span, w)
  const vy = centre(y)
  return options.map((t) => misfit(y, vy, t))
}

interface Fit {
  digits: number[]
  cost: number
  /** the next best valid code's cost */
  second: number
  guards: number
}

interface Best {
  cost: number
  digits: number[]
}

const RANKS = 2
// per step of the 12 digits, weighted sum mod 10 and rank: cost, and where it came from
const dpCost = new Float64Array(13 * 10 * RANKS)
const dpFrom = new Int16Array(13 * 10 * RANKS)
const dpDigit = new Int8Array(13 * 10 * RANKS)

/** The best and second best digits with a valid check digit, over every first digit (a Viterbi keeping two paths a state). */
function bestDigits(leftCost: number[][][], rightCost: number[][]): { best: Best; second: number } | null {
  let best: Best | null = null
  let second = Infinity
  for (let first = 0; first < 10; first++) {
    dpCost.fill(Infinity)
    dpCost[(first % 10) * RANKS] = 0
    for (let i = 0; i < 12; i++) {
      const weight = i % 2 === 0 ? 3 : 1
      const costs = i < 6 ? leftCost[i]![Number(PARITIES[first]![i])]! : rightCost[i - 6]!
      const at = i * 10 * RANKS
      const to = at + 10 * RANKS
      for (let state = 0; state < 10; state++) {
        for (let rank = 0; rank < RANKS; rank++) {
          const base = dpCost[at + state * RANKS + rank]!
          if (base === Infinity) continue
          for (let d = 0; d < 10; d++) {
            const cost = base + costs[d]!
            const slot = to + ((state + weight * d) % 10) * RANKS
            if (cost >= dpCost[slot + 1]!) continue
            const into = cost < dpCost[slot]! ? 0 : 1
            if (into === 0) {
              dpCost[slot + 1] = dpCost[slot]!
              dpFrom[slot + 1] = dpFrom[slot]!
              dpDigit[slot + 1] = dpDigit[slot]!
            }
            dpCost[slot + into] = cost
            dpFrom[slot + into] = state * RANKS + rank
            dpDigit[slot + into] = d
          }
        }
      }
    }
    for (let rank = 0; rank < RANKS; rank++) {
      const cost = dpCost[12 * 10 * RANKS + rank]!
      if (cost === Infinity) continue
      if (!best || cost < best.cost) {
        if (best) second = Math.min(second, best.cost)
        const digits = new Array<number>(13)
        digits[0] = first
        let slot = 0 * RANKS + rank
        for (let i = 12; i >= 1; i--) {
          const at = i * 10 * RANKS + slot
          digits[i] = dpDigit[at]!
          slot = dpFrom[at]!
        }
        best = { cost, digits }
      } else second = Math.min(second, cost)
    }
  }
  return best && { best, second }
}

const scratch = new Float64Array(7 * PER_MODULE)

/** What placing the symbol at `span` leaves unexplained with each window's best pattern (no check digit): the cost moved down while placing it. */
function placementCost(line: Float32Array | Float64Array, span: Span, blur: number): number {
  const { guards, left, right } = layout(blur)
  // each entry: the windows of one stretch (a left digit's L and G patterns share it)
  let cost = 0
  for (const windows of [...guards.map((w) => [w]), ...left, ...right.map((w) => [w])]) {
    const y = sample(line, span, windows[0]!, scratch.subarray(0, windows[0]!.count * PER_MODULE))
    const vy = centre(y)
    let least = Infinity
    for (const w of windows) for (const t of w.options) least = Math.min(least, misfit(y, vy, t))
    cost += least
  }
  return cost
}

/** How well the code fits with the symbol at `span`: the best valid digits, and the next best valid code's cost. */
function fitAt(line: Float32Array | Float64Array, span: Span, blur: number): Fit | null {
  const { guards, left, right } = layout(blur)
  const guardCost = guards.reduce((sum, w) => sum + misfits(line, span, w)[0]!, 0)
  // both parities of a digit share its samples
  const leftCost = left.map(([l, g]) => {
    const both = misfits(line, span, l!, [...l!.options, ...g!.options])
    return [both.slice(0, 10), both.slice(10)]
  })
  const rightCost = right.map((w) => misfits(line, span, w))
  const found = bestDigits(leftCost, rightCost)
  if (!found) return null
  return { digits: found.best.digits, cost: found.best.cost + guardCost, second: found.second + guardCost, guards: guardCost }
}

/** The variance of a line's levels over any stretch, in constant time. */
function varianceOf(line: Float32Array | Float64Array): (from: number, to: number) => number {
  const sum = new Float64Array(line.length + 1)
  const squares = new Float64Array(line.length + 1)
  for (let i = 0; i < line.length; i++) {
    sum[i + 1] = sum[i]! + line[i]!
    squares[i + 1] = squares[i]! + line[i]! * line[i]!
  }
  return (from, to) => {
    const a = Math.max(0, Math.min(line.length, Math.floor(from)))
    const b = Math.max(a + 1, Math.min(line.length, Math.ceil(to)))
    const n = b - a
    return (squares[b]! - squares[a]!) / n - ((sum[b]! - sum[a]!) / n) ** 2
  }
}

/** Where a symbol may start and end: the first and last dark runs of stretches with about as many dark runs as a code. */
function extents(line: Float32Array | Float64Array): [number, number][] {
  const n = line.length
  const radius = Math.max(8, Math.round(n / 12))
  // a running mean for a threshold: light varies along the line
  const prefix = new Float64Array(n + 1)
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + line[i]!
  let [low, high] = [Infinity, -Infinity]
  for (const v of line) [low, high] = [Math.min(low, v), Math.max(high, v)]
  // a little below the mean: noise on a plain background is no bar
  const below = NOISE * (high - low)
  const runs: [number, number][] = []
  let from = -1
  for (let i = 0; i <= n; i++) {
    const a = Math.max(0, i - radius)
    const b = Math.min(n, i + radius + 1)
    const dark = i < n && line[i]! < (prefix[b]! - prefix[a]!) / (b - a) - below
    if (dark && from < 0) from = i
    if (!dark && from >= 0) {
      runs.push([from, i])
      from = -1
    }
  }
  const out: [number, number][] = []
  for (let a = 0; a < runs.length; a++) {
    for (let b = a + 14; b < Math.min(runs.length, a + 34); b++) {
      const width = runs[b]![1] - runs[a]![0]
      if (width < MODULES * 1.2) continue
      out.push([runs[a]![0], runs[b]![1]])
    }
  }
  return out
}

/** The code on a line of grey levels across its bars (left to right or right to left), or null. */
export function decodeProfile(line: Float32Array | Float64Array, options: ProfileOptions = {}): ProfileRead | null {
  const { minMargin, maxMisfit } = { ...DEFAULTS, ...options }
  let best: { fit: Fit; span: Span; share: number } | null = null
  const moves: [number, number, number][] = [[-1, 0, 0], [1, 0, 0], [0, 0, -1], [0, 0, 1], [0, -1, 0], [0, 1, 0], [-1, -1, -1], [1, 1, 1]]
  // the line both ways round (a code upside down reads right to left)
  const guesses = [false, true].flatMap((reversed) => {
    const l = reversed ? Float64Array.from(line).reverse() : line
    const variance = varianceOf(l)
    const share = (cost: number, span: Span) => cost / (variance(span.start, span.end) * MODULES * PER_MODULE)
    const guards = layout(BLURS[1]!).guards
    const spanOf = (a: number, b: number): Span => ({ start: a, centre: (a + b) / 2, end: b })
    // every stretch fitted once where it lies; the few that fit best are moved into place
    return extents(l)
      .map(([a, b]) => ({ a, b, cost: guards.reduce((sum, w) => sum + misfits(l, spanOf(a, b), w)[0]!, 0) / variance(a, b) }))
      .sort((x, y) => x.cost - y.cost)
      .slice(0, FITTED)
      .map(({ a, b }) => {
        const cost = placementCost(l, spanOf(a, b), BLURS[1]!)
        return { span: spanOf(a, b), cost, share: share(cost, spanOf(a, b)), l, reversed, variance }
      })
      .filter((g) => g.share <= PROMISING)
  })
  for (const guess of guesses.sort((x, y) => x.share - y.share).slice(0, SETTLED)) {
      const { l, reversed, variance } = guess
      let { span, cost } = guess
      let blur = 1
      const u = (span.end - span.start) / MODULES
      for (let step = 0.5; step >= 0.12; step /= 2) {
        let moved = true
        while (moved) {
          moved = false
          for (const [ds, dc, de] of moves) {
            const next = { start: span.start + ds * step * u, centre: span.centre + dc * step * u, end: span.end + de * step * u }
            const c = placementCost(l, next, BLURS[blur]!)
            if (c < cost) {
              cost = c
              span = next
              moved = true
            }
          }
          for (const b2 of [blur - 1, blur + 1]) {
            if (b2 < 0 || b2 >= BLURS.length) continue
            const c = placementCost(l, span, BLURS[b2]!)
            if (c < cost) {
              cost = c
              blur = b2
              moved = true
            }
          }
        }
      }
      const fit = fitAt(l, span, BLURS[blur]!)
      if (!fit) continue
      const placed = reversed ? { start: line.length - span.end, centre: line.length - span.centre, end: line.length - span.start } : span
      const share = fit.cost / (variance(span.start, span.end) * MODULES * PER_MODULE)
      if (!best || share < best.share) best = { fit, span: placed, share }
  }
  if (!best) return null
  const misfitShare = best.share
  const margin = (best.fit.second - best.fit.cost) / best.fit.cost
  if (misfitShare > maxMisfit || margin < minMargin) return null
  const digits = best.fit.digits.join('')
  return {
    format: digits.startsWith('0') ? 'UPCA' : 'EAN13',
    text: digits.startsWith('0') ? digits.slice(1) : digits,
    start: best.span.start,
    end: best.span.end,
    misfit: misfitShare,
    margin,
  }
}
