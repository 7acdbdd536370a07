// The stretches of a line across bars where a symbol may lie, found from its
// dark runs, and the variance of any stretch: what the profile decoder
// (profile-decoder.ts) starts each fit from.

/** Share of a line's range below its running mean a level must be to start a dark run. */
const NOISE = 0.03

/** The variance of a line's levels over any stretch, in constant time. */
export function varianceOf(line: Float32Array | Float64Array): (from: number, to: number) => number {
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

/**
 * Where a symbol of `modules` may start and end on a line: the first and last dark runs of stretches with
 * `fewest` to `most` dark runs between them (blur joins some), at least 1.2 px a module wide.
 */
export function stretches(line: Float32Array | Float64Array, modules: number, [fewest, most]: readonly [number, number]): [number, number][] {
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
    for (let b = a + fewest; b < Math.min(runs.length, a + most + 1); b++) {
      const width = runs[b]![1] - runs[a]![0]
      if (width < modules * 1.2) continue
      out.push([runs[a]![0], runs[b]![1]])
    }
  }
  return out
}
