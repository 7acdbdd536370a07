// Photo counting: exact-count accuracy of the barcode engine on generated
// 12-megapixel shelf photos (clean, and degraded: blur, shear, darker, JPEG
// quality 60), its decode time, and the pure-JS @zxing/library on some of the
// same photos in the same run.
import { decodePhoto } from '../lib/counting/barcode/decode-photo.ts'
import { loadZXing } from '../lib/counting/barcode/zxing-reader.ts'
import { generateShelfPhoto, type ShelfPhoto } from './counting/generate-shelf-photo.ts'
import { decodeWithZxingJs } from './counting/zxing-js-baseline.ts'
import { percentile, type Figure } from './stats.ts'

const LABEL_COUNTS = [5, 10, 20, 40, 60, 80, 100, 140, 170, 200]
/** @zxing/library takes ~20 s a photo at 12 MP, so it reads only these of each set. */
const BASELINE_LABEL_COUNTS = new Set([5, 40])
/**
 * Photos whose labels the generator drew at fewer photo pixels per 1D module
 * than this are also scored apart: blurred (σ 0.8) and saved at JPEG q60,
 * bars under ~2 px are smeared into grey (the 140–200-label photos are at
 * 1.6–1.95 px per module).
 */
const DENSE_PX_PER_MODULE = 2.2

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
  const [roomy, dense] = [emptyScore(), emptyScore()]
  const engineMs: number[] = []
  let [engineSubsetMs, baselineMs] = [0, 0]
  for (const [i, labelCount] of LABEL_COUNTS.entries()) {
    const photo: ShelfPhoto = await generateShelfPhoto({ labelCount, seed: 100 + i, degraded })
    let started = performance.now()
    const decoded = await decodePhoto(photo.jpeg)
    const ms = performance.now() - started
    engineMs.push(ms)
    score(engine, photo.truth, decoded.codes)
    score(photo.pxPerModule >= DENSE_PX_PER_MODULE ? roomy : dense, photo.truth, decoded.codes)
    if (!BASELINE_LABEL_COUNTS.has(labelCount)) continue
    score(engineOnBaselinePhotos, photo.truth, decoded.codes)
    engineSubsetMs += ms
    started = performance.now()
    score(baseline, photo.truth, await decodeWithZxingJs(photo.jpeg))
    baselineMs += performance.now() - started
  }
  return { engine, engineOnBaselinePhotos, baseline, roomy, dense, engineMs, engineSubsetMs, baselineMs }
}

function setFigures(label: string, set: Awaited<ReturnType<typeof runSet>>, target: string): Figure[] {
  const { engine, engineOnBaselinePhotos: subset, baseline } = set
  const js = `@zxing/library, ${baseline.photos} of the photos`
  return [
    { name: `${label}: photos counted exactly (${engine.photos} photos, ${LABEL_COUNTS[0]}–${LABEL_COUNTS.at(-1)} labels)`, value: pct(engine.exactPhotos, engine.photos), unit: '%', target },
    { name: `${label}: products counted exactly (${engine.products})`, value: pct(engine.exactProducts, engine.products), unit: '%', target },
    { name: `${label}: labels missed / extra of ${engine.labels}`, value: engine.missed, unit: `missed, ${engine.extra} extra` },
    { name: `${label}: products counted exactly on the ${set.roomy.photos} photos with ≥ ${DENSE_PX_PER_MODULE} px per module`, value: pct(set.roomy.exactProducts, set.roomy.products), unit: `% (photos ${set.roomy.exactPhotos}/${set.roomy.photos}, ${set.roomy.missed} missed, ${set.roomy.extra} extra)` },
    { name: `${label}: products counted exactly on the ${set.dense.photos} photos under ${DENSE_PX_PER_MODULE} px per module`, value: pct(set.dense.exactProducts, set.dense.products), unit: `% (photos ${set.dense.exactPhotos}/${set.dense.photos}, ${set.dense.missed} missed, ${set.dense.extra} extra)` },
    { name: `${label}: products counted exactly on the photos @zxing/library read`, value: pct(subset.exactProducts, subset.products), unit: '%', baseline: { name: js, value: pct(baseline.exactProducts, baseline.products) } },
    { name: `${label}: decode time per photo p50`, value: percentile(set.engineMs, 50), unit: 'ms' },
    { name: `${label}: decode time per photo p95`, value: percentile(set.engineMs, 95), unit: 'ms', target: '≤ 1500 ms' },
    { name: `${label}: engine time on the photos @zxing/library read`, value: set.engineSubsetMs, unit: 'ms', baseline: { name: js, value: set.baselineMs } },
  ]
}

export async function runCountingBench(): Promise<Figure[]> {
  // A server compiles zxing's wasm once, on its first photo; that is reported apart, not in every photo's time.
  const started = performance.now()
  await loadZXing()
  const compileMs = performance.now() - started
  const clean = await runSet(false)
  const degraded = await runSet(true)
  return [{ name: 'zxing wasm compiled once per process (not in the decode times)', value: compileMs, unit: 'ms' }, ...setFigures('clean', clean, '100%'), ...setFigures('degraded', degraded, '≥ 98%')]
}
