export interface Figure {
  name: string
  value: number
  unit: string
  /** the same-run baseline the figure is compared with, if any */
  baseline?: { name: string; value: number }
  target?: string
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]!
}

/** Times `fn` `runs` times after `warmup` untimed runs; returns milliseconds per run. */
export async function sample(fn: () => Promise<unknown>, runs: number, warmup = Math.ceil(runs / 10)): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn()
  const out: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    out.push(performance.now() - start)
  }
  return out
}

/**
 * Interleaves two measurements so that machine noise hits both alike, which
 * keeps their ratio meaningful on a busy two-core machine.
 */
export async function samplePair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  runs: number,
): Promise<[number[], number[]]> {
  for (let i = 0; i < Math.ceil(runs / 10); i++) {
    await a()
    await b()
  }
  const xs: number[] = []
  const ys: number[] = []
  for (let i = 0; i < runs; i++) {
    let start = performance.now()
    await a()
    xs.push(performance.now() - start)
    start = performance.now()
    await b()
    ys.push(performance.now() - start)
  }
  return [xs, ys]
}

export function formatFigures(title: string, figures: Figure[]): string {
  const lines = [`\n## ${title}`]
  for (const f of figures) {
    const value = `${round(f.value)} ${f.unit}`
    const ratio = f.baseline ? `  ratio ${round(f.value / f.baseline.value)}× vs ${f.baseline.name} (${round(f.baseline.value)} ${f.unit})` : ''
    const target = f.target ? `  [target ${f.target}]` : ''
    lines.push(`- ${f.name}: ${value}${ratio}${target}`)
  }
  return lines.join('\n')
}

const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100)
