// The barcode analyser against one plain readBarcodes call on the same
// images, in the same run: each image read by both, scored, and summed per
// group (all, a kind, a variant), with the figures the benches print; each
// image read as the app stores it and as the original file (stored-photo.ts).
import { availableParallelism, loadavg } from 'node:os'
import { percentile, type Figure } from '../stats.ts'
import type { ExpectedCode } from './manifest.ts'
import { readPlain, readWithAnalyser } from './readers.ts'
import { scoreItem, ScoreTally } from './score.ts'
import { encodedAs, ENCODING_NAMES, ENCODINGS } from './stored-photo.ts'

export interface ReadItem {
  /** how the item is named where it falls behind */
  label: string
  /** the groups its scores count in, e.g. ['all', 'kind EAN13', 'variant r90'] */
  groups: string[]
  image: () => Promise<Buffer>
  expected: ExpectedCode[]
  alsoPresent?: { text: string; format?: string }[]
  scoreRead: boolean
}

export interface Pair {
  analyser: ScoreTally
  plain: ScoreTally
  photos: number
}

/** Reads every item with both readers; `behind` names the items the analyser read worse than the plain call, or wrongly. */
export async function compareReaders(items: readonly ReadItem[]): Promise<{ groups: Map<string, Pair>; behind: string[] }> {
  const groups = new Map<string, Pair>()
  const behind: string[] = []
  // one untimed read each first: the JIT and zxing's first allocations are not in any photo's time
  const first = await items[0]!.image()
  await readPlain(first)
  await readWithAnalyser(first)
  for (const item of items) {
    const image = await item.image()
    const plain = await readPlain(image)
    const analyser = await readWithAnalyser(image)
    const [a, p] = [scoreItem(item, analyser.codes), scoreItem(item, plain.codes)]
    for (const key of item.groups) {
      if (!groups.has(key)) groups.set(key, { analyser: new ScoreTally(), plain: new ScoreTally(), photos: 0 })
      const group = groups.get(key)!
      group.analyser.add(a, analyser.ms)
      group.plain.add(p, plain.ms)
      group.photos++
    }
    if (a.read < p.read || a.wrong.length > 0 || a.double > 0) {
      const wrong = a.wrong.map((code) => `${code.format} ${code.text}`).join(', ')
      behind.push(`${item.label} (read ${a.read}/${a.scored}, plain ${p.read}; ${a.wrong.length} wrong${wrong ? ` [${wrong}]` : ''}, ${a.double} double)`)
    }
  }
  return { groups, behind }
}

/**
 * Both readers on every item in each encoding (as stored, as the original
 * file): per encoding, the figures of all items (`allLabel`, read target
 * `allTarget`) and of each group in `keys` with its read % against the plain
 * call's, the groups where the analyser reads fewer codes, and the items it
 * read worse than the plain call, or wrongly.
 */
export async function compareEncodings(items: readonly ReadItem[], keys: readonly string[], allLabel: string, allTarget: string): Promise<Figure[]> {
  const figures: Figure[] = []
  for (const encoding of ENCODINGS) {
    const { groups, behind } = await compareReaders(items.map((item) => ({ ...item, image: async () => encodedAs(encoding, await item.image()) })))
    const present = keys.filter((key) => groups.has(key))
    const fewer = present.filter((key) => groups.get(key)!.analyser.read < groups.get(key)!.plain.read)
    const name = ENCODING_NAMES[encoding]
    figures.push(
      ...groupFigures(`${name}, ${allLabel}`, groups.get('all')!, allTarget, ALL_P50_TARGET),
      { name: `${name}: groups where the analyser reads fewer codes than the plain call`, value: fewer.length, unit: fewer.length ? `(${fewer.join(', ')})` : `of ${present.length}`, target: '0' },
      ...present.flatMap((key) => groupFigures(`${encoding}, ${key}`, groups.get(key)!, '≥ plain call')),
      { name: `${name}: photos where the analyser reads less than the plain call, or reports a wrong or double code`, value: behind.length, unit: behind.length ? `: ${behind.join('; ')}` : '', target: '0' },
    )
  }
  return figures
}

/** Issue 24: the analyser's typical photo at most 3× one plain call's time, at the same or better reads. */
const ALL_P50_TARGET = '≤ 3× the plain call'

/** Read %, wrong and double, and p50 and p95 time of one group, each beside the plain call's. */
export function groupFigures(label: string, { analyser, plain, photos }: Pair, readTarget?: string, p50Target?: string): Figure[] {
  const plainFaults = `plain call: ${plain.wrong} wrong, ${plain.double} double`
  const read: Figure[] = [
    {
      name: `${label}: codes read (${analyser.scored} codes in ${photos} photos; ${analyser.read} by the analyser, ${plain.read} by the plain call)`,
      value: analyser.readPct,
      unit: '%',
      baseline: { name: 'one plain readBarcodes call', value: plain.readPct },
      ...(readTarget ? { target: readTarget } : {}),
    },
  ]
  return [
    ...(analyser.scored > 0 ? read : []),
    { name: `${label}: codes not in the photo reported (wrong) / labels counted twice (double)`, value: analyser.wrong, unit: `wrong, ${analyser.double} double (${plainFaults})`, target: '0 / 0' },
    ...[50, 95].map((p) => ({
      name: `${label}: time per photo p${p}`,
      value: percentile(analyser.ms, p),
      unit: 'ms',
      baseline: { name: 'one plain readBarcodes call', value: percentile(plain.ms, p) },
      ...(p === 50 && p50Target ? { target: p50Target } : {}),
    })),
  ]
}

/** The machine's load, so that times read on a busy machine are read as such. */
export function loadFigure(loadAtStart: number): Figure {
  return {
    name: `machine load average at the start / over the last 5 min at the end (${availableParallelism()} CPUs; timings above ~1 per CPU are slowed by other work)`,
    value: loadAtStart,
    unit: `/ ${loadavg()[1]!.toFixed(2)}`,
  }
}
