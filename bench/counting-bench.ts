// Photo counting: exact-count accuracy of the barcode engine on generated
// 12-megapixel shelf photos (clean, and degraded: blur, shear, darker, JPEG
// quality 60), its decode time, and the pure-JS @zxing/library on some of the
// same photos in the same run. The photos keep to the density floor
// (MIN_PX_PER_MODULE px per 1D module, compact cards); the densest ones are
// also generated on the older roomy cards, below the floor, and scored apart.
import { availableParallelism, loadavg } from 'node:os'
import { decodePhotoFile } from '../lib/counting/barcode/load-photo.ts'
import { loadZXing } from '../lib/counting/barcode/zxing-node.ts'
import { generateShelfPhoto, MIN_PX_PER_MODULE, type ShelfPhoto } from '../test/shelf/generate-shelf-photo.ts'
import { decodeWithZxingJs } from './counting/zxing-js-baseline.ts'
import { percentile, type Figure } from './stats.ts'

const LABEL_COUNTS = [5, 10, 20, 40, 60, 80, 100, 140, 170, 200]
/** @zxing/library takes ~20 s a photo at 12 MP, so it reads only these of each set. */
const BASELINE_LABEL_COUNTS = new Set([5, 40])
/** Photos also generated on roomy cards, which puts them below the density floor (1.6–2 px per module). */
const BELOW_FLOOR_LABEL_COUNTS = [140, 170, 200]

interface Score {
  exactPhotos: number
  photos: number
  exactProducts: number
  products: number
  missed: number
  extra: number
  labels: number
}

const emptyScore = (): Score => ({ exactPhotos: 0, photos: 0, exactProducts: 0, products: 0, missed: 0, extra: 0, labels: 0 })

/** Adds one photo's result: a product is exact when its count is; a code not in the photo counts as a wrong product. */
function score(into: Score, truth: Map<string, number>, codes: readonly { text: string }[]): void {
  const found = new Map<string, number>()
  for (const c of codes) found.set(c.text, (found.get(c.text) ?? 0) + 1)
  let exact = 0
  for (const [text, count] of truth) {
    const seen = found.get(text) ?? 0
    if (seen === count) exact++
    into.missed += Math.max(0, count - seen)
    into.extra += Math.max(0, seen - count)
    into.labels += count
  }
  const strangers = [...found].filter(([text]) => !truth.has(text))
  for (const [, n] of strangers) into.extra += n
  into.exactProducts += exact
  into.products += truth.size + strangers.length
  into.photos++
  if (exact === truth.size && strangers.length === 0) into.exactPhotos++
}

const pct = (part: number, whole: number) => (whole === 0 ? Number.NaN : (100 * part) / whole)

async function runSet(degraded: boolean) {
  const engine = emptyScore()
  const engineOnBaselinePhotos = emptyScore()
  const baseline = emptyScore()
  const belowFloor = emptyScore()
  const engineMs: number[] = []
  let [engineSubsetMs, baselineMs, minPxPerModule, belowFloorPx] = [0, 0, Infinity, [Infinity, 0]]
  for (const [i, labelCount] of LABEL_COUNTS.entries()) {
    if (BELOW_FLOOR_LABEL_COUNTS.includes(labelCount)) {
      const roomy = await generateShelfPhoto({ labelCount, seed: 100 + i, degraded, cards: 'roomy' })
      score(belowFloor, roomy.truth, (await decodePhotoFile(roomy.jpeg)).codes)
      belowFloorPx = [Math.min(belowFloorPx[0]!, roomy.pxPerModule), Math.max(belowFloorPx[1]!, roomy.pxPerModule)]
    }
    const photo: ShelfPhoto = await generateShelfPhoto({ labelCount, seed: 100 + i, degraded })
    minPxPerModule = Math.min(minPxPerModule, photo.pxPerModule)
    let started = performance.now()
    const decoded = await decodePhotoFile(photo.jpeg)
    const ms = performance.now() - started
    engineMs.push(ms)
    score(engine, photo.truth, decoded.codes)
    if (!BASELINE_LABEL_COUNTS.has(labelCount)) continue
    score(engineOnBaselinePhotos, photo.truth, decoded.codes)
    engineSubsetMs += ms
    started = performance.now()
    score(baseline, photo.truth, await decodeWithZxingJs(photo.jpeg))
    baselineMs += performance.now() - started
  }
  return { engine, engineOnBaselinePhotos, baseline, belowFloor, belowFloorPx, minPxPerModule, engineMs, engineSubsetMs, baselineMs }
}

function setFigures(label: string, set: Awaited<ReturnType<typeof runSet>>, target: string): Figure[] {
  const { engine, engineOnBaselinePhotos: subset, baseline } = set
  const js = `@zxing/library, ${baseline.photos} of the photos`
  return [
    { name: `${label}: photos counted exactly (${engine.photos} photos, ${LABEL_COUNTS[0]}–${LABEL_COUNTS.at(-1)} labels)`, value: pct(engine.exactPhotos, engine.photos), unit: '%', target },
    { name: `${label}: products counted exactly (${engine.products})`, value: pct(engine.exactProducts, engine.products), unit: '%', target },
    { name: `${label}: labels missed / extra of ${engine.labels}`, value: engine.missed, unit: `missed, ${engine.extra} extra` },
    { name: `${label}: fewest px per 1D module in these photos (density floor ${MIN_PX_PER_MODULE})`, value: set.minPxPerModule, unit: 'px' },
    {
      name: `${label}, BELOW THE FLOOR (${BELOW_FLOOR_LABEL_COUNTS.join('/')} labels on roomy cards, ${set.belowFloorPx[0]!.toFixed(2)}–${set.belowFloorPx[1]!.toFixed(2)} px per module, not in the figures above): products counted exactly`,
      value: pct(set.belowFloor.exactProducts, set.belowFloor.products),
      unit: `% (photos ${set.belowFloor.exactPhotos}/${set.belowFloor.photos}, ${set.belowFloor.missed} missed, ${set.belowFloor.extra} extra of ${set.belowFloor.labels} labels)`,
    },
    { name: `${label}: products counted exactly on the photos @zxing/library read`, value: pct(subset.exactProducts, subset.products), unit: '%', baseline: { name: js, value: pct(baseline.exactProducts, baseline.products) } },
    { name: `${label}: decode time per photo p50`, value: percentile(set.engineMs, 50), unit: 'ms' },
    { name: `${label}: decode time per photo p95`, value: percentile(set.engineMs, 95), unit: 'ms', target: '≤ 1500 ms' },
    { name: `${label}: engine time on the photos @zxing/library read`, value: set.engineSubsetMs, unit: 'ms', baseline: { name: js, value: set.baselineMs } },
  ]
}

export async function runCountingBench(): Promise<Figure[]> {
  const [load1] = loadavg()
  // A server compiles zxing's wasm once, on its first photo; that is reported apart, not in every photo's time.
  const started = performance.now()
  await loadZXing()
  const compileMs = performance.now() - started
  const clean = await runSet(false)
  const degraded = await runSet(true)
  const [, load5] = loadavg()
  return [
    { name: `machine load average at the start / over the last 5 min at the end (${availableParallelism()} CPUs; timings above ~1 per CPU are slowed by other work)`, value: load1!, unit: `/ ${load5!.toFixed(2)}` },
    { name: 'zxing wasm compiled once per process (not in the decode times)', value: compileMs, unit: 'ms' }, ...setFigures('clean', clean, '100%'), ...setFigures('degraded', degraded, '≥ 98%')]
}
