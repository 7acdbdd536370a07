// Real photos: the barcode analyser against one plain zxing-wasm readBarcodes
// call (its defaults) on the real camera photos in ../shared/real-photos,
// each as its manifest item's variant makes it (turned, tilted, downscaled).
// Per item kind (a symbology, several codes, no code) and per variant: the
// share of the expected codes read, codes reported that are not in the photo
// (wrong), labels counted twice (double) and the p95 time per photo, from
// the encoded image, for both readers in the same run.
import { availableParallelism, loadavg } from 'node:os'
import { loadZXing } from '../lib/counting/barcode/zxing-reader.ts'
import { itemKey, loadManifest, REAL_PHOTOS_DIR, realPhotosPresent, variantImage, VARIANTS } from './real-photos/manifest.ts'
import { readPlain, readWithAnalyser } from './real-photos/readers.ts'
import { scoreItem, ScoreTally } from './real-photos/score.ts'
import { percentile, type Figure } from './stats.ts'

const KINDS = ['EAN13', 'UPCA', 'UPCE', 'EAN8', 'Code128', 'QRCode', 'DataMatrix', 'multi', 'none']

interface Pair {
  analyser: ScoreTally
  plain: ScoreTally
  photos: number
}

function groupFigures(label: string, { analyser, plain, photos }: Pair, overall: boolean): Figure[] {
  const plainFaults = `plain call: ${plain.wrong} wrong, ${plain.double} double`
  const read: Figure[] = [
    {
      name: `${label}: codes read (${analyser.scored} codes in ${photos} photos; ${analyser.read} by the analyser, ${plain.read} by the plain call)`,
      value: analyser.readPct,
      unit: '%',
      baseline: { name: 'one plain readBarcodes call', value: plain.readPct },
      target: overall ? '≥ 92%' : `≥ plain call`,
    },
  ]
  return [
    ...(analyser.scored > 0 ? read : []),
    { name: `${label}: codes not in the photo reported (wrong) / labels counted twice (double)`, value: analyser.wrong, unit: `wrong, ${analyser.double} double (${plainFaults})`, target: '0 / 0' },
    { name: `${label}: time per photo p95`, value: percentile(analyser.ms, 95), unit: 'ms', baseline: { name: 'one plain readBarcodes call', value: percentile(plain.ms, 95) } },
  ]
}

export async function runRealPhotosBench(): Promise<Figure[]> {
  if (!realPhotosPresent()) {
    console.log(`\nReal photos: skipped, ${REAL_PHOTOS_DIR} is absent (its manifest.json lists the photos and the codes they hold).`)
    return []
  }
  const [load1] = loadavg()
  await loadZXing()
  const items = await loadManifest()
  const groups = new Map<string, Pair>()
  const pair = (key: string) => {
    if (!groups.has(key)) groups.set(key, { analyser: new ScoreTally(), plain: new ScoreTally(), photos: 0 })
    return groups.get(key)!
  }
  const behind: string[] = []
  // one untimed read each first: the JIT and zxing's first allocations are not in any photo's time
  const first = await variantImage(items[0]!)
  await readPlain(first)
  await readWithAnalyser(first)
  for (const item of items) {
    const image = await variantImage(item)
    const plain = await readPlain(image)
    const analyser = await readWithAnalyser(image)
    const [a, p] = [scoreItem(item, analyser.codes), scoreItem(item, plain.codes)]
    for (const key of ['all', `kind ${item.format}`, `variant ${item.variant}`]) {
      const group = pair(key)
      group.analyser.add(a, analyser.ms)
      group.plain.add(p, plain.ms)
      group.photos++
    }
    if (a.read < p.read || a.wrong.length > 0 || a.double > 0) behind.push(`${itemKey(item)} (read ${a.read}/${a.scored}, plain ${p.read}; ${a.wrong.length} wrong, ${a.double} double)`)
  }
  const [, load5] = loadavg()
  const keys = [...KINDS.map((kind) => `kind ${kind}`), ...VARIANTS.map((variant) => `variant ${variant}`)].filter((key) => groups.has(key))
  const fewer = keys.filter((key) => groups.get(key)!.analyser.read < groups.get(key)!.plain.read)
  return [
    {
      name: `machine load average at the start / over the last 5 min at the end (${availableParallelism()} CPUs; timings above ~1 per CPU are slowed by other work)`,
      value: load1!,
      unit: `/ ${load5!.toFixed(2)}`,
    },
    ...groupFigures(`all ${items.length} photos`, groups.get('all')!, true),
    {
      name: 'kinds and variants where the analyser reads fewer codes than the plain call',
      value: fewer.length,
      unit: fewer.length ? `(${fewer.join(', ')})` : `of ${keys.length}`,
      target: '0',
    },
    ...keys.flatMap((key) => groupFigures(key, groups.get(key)!, false)),
    { name: 'photos where the analyser reads less than the plain call, or reports a wrong or double code', value: behind.length, unit: behind.length ? `: ${behind.join('; ')}` : '', target: '0' },
  ]
}
