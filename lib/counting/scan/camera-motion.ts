// How far the camera moved between decoded frames, from the codes themselves:
// every code in the new frame paired with each label of the same code already
// seen near where the camera was expected to be gives one guess of the shift;
// guesses that agree vote for it, and the winner is refined by the median of
// its voters. A shelf holds many labels of one product side by side, so a
// pair can be the wrong label of the right code.

export interface Point {
  x: number
  y: number
}

export interface MotionPair {
  /** which code of the new frame the guess comes from */
  code: number
  /** the shift that would put the code on that label */
  shift: Point
}

const length = (p: Point) => Math.hypot(p.x, p.y)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The guesses that agree with `shift` within `tolerance`: one a code, the closest. */
function supporters(pairs: readonly MotionPair[], shift: Point, tolerance: number): MotionPair[] {
  const best = new Map<number, { pair: MotionPair; gap: number }>()
  for (const pair of pairs) {
    const gap = Math.hypot(pair.shift.x - shift.x, pair.shift.y - shift.y)
    if (gap > tolerance) continue
    const held = best.get(pair.code)
    if (!held || gap < held.gap) best.set(pair.code, { pair, gap })
  }
  return [...best.values()].map(({ pair }) => pair)
}

export interface MotionEstimate {
  /** the correction to the expected position: add it to the prediction */
  shift: Point
  /** how many codes agree on it */
  support: number
}

/**
 * The camera's shift from where it was expected to be: the one with most
 * codes agreeing, less its `penalty`. Several facings of a product side by
 * side repeat along a shelf, so a shift by one facing can be agreed on by as
 * many codes as the true one, or more (the labels coming into view match the
 * neighbours they are about to pass): the penalty is what makes it unlikely
 * (the camera moves smoothly between decoded frames, and such a shift puts
 * the codes at the ends of a run of facings on other products' labels).
 * Among equals the smallest wins. Null without any pair.
 */
export function estimateShift(pairs: readonly MotionPair[], tolerance: number, penalty: (shift: Point) => number = () => 0): MotionEstimate | null {
  let best: { shift: Point; support: MotionPair[]; score: number } | null = null
  for (const { shift } of pairs) {
    const support = supporters(pairs, shift, tolerance)
    const score = support.length - penalty(shift)
    if (!best || score > best.score || (score === best.score && length(shift) < length(best.shift))) best = { shift, support, score }
  }
  if (!best) return null
  const shift = { x: median(best.support.map((p) => p.shift.x)), y: median(best.support.map((p) => p.shift.y)) }
  return { shift, support: best.support.length }
}
