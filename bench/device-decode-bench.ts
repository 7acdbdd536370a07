// The barcode decoder on the phone: the decode worker in Chromium (system
// Chromium through Playwright, test/support/device-decoder-page.ts), each
// photo handed over as the file picker hands it over, against one plain
// zxing-wasm readBarcodes call on the same file's pixels in the same page.
// - The curated real photos (../shared/real-photos), each as its variant makes
//   the file: the worker's codes against the server analyser's on the same
//   file, item by item (they must be the same), and both scored.
// - Generated 12 MP shelf photos: time per photo against the plain call, as is
//   and under Chrome DevTools' 4× CPU slowdown (a mid-range phone); when the
//   first codes reach the page; the main thread's long tasks while decoding.
import { availableParallelism, loadavg } from 'node:os'
import { decodePhotoFile } from '../lib/counting/barcode/load-photo.ts'
import { generateShelfPhoto } from '../test/shelf/generate-shelf-photo.ts'
import { itemFile, openDecoderPage, pickedFile, type DecoderPage } from '../test/support/device-decoder-page.ts'
import { sameCodes } from '../test/support/same-codes.ts'
import { itemKey, loadManifest, REAL_PHOTOS_DIR, realPhotosPresent, variantImage } from './real-photos/manifest.ts'
import { scoreItem, ScoreTally } from './real-photos/score.ts'
import { percentile, type Figure } from './stats.ts'

/** Shelves of 12 MP (4000 × 3000, compact cards): their label counts, each read RUNS times per slowdown. */
const SHELVES = [20, 40, 60, 100]
const RUNS = 2
const SLOWDOWNS = [1, 4]

async function realPhotoFigures(page: DecoderPage): Promise<Figure[]> {
  if (!realPhotosPresent()) {
    console.log(`\nDevice decode: real photos skipped, ${REAL_PHOTOS_DIR} is absent.`)
    return []
  }
  const items = await loadManifest()
  const [device, server, plain] = [new ScoreTally(), new ScoreTally(), new ScoreTally()]
  const differ: string[] = []
  for (const item of items) {
    const bytes = await variantImage(item)
    const file = itemFile(item, bytes)
    const onDevice = await page.decode(file)
    const started = performance.now()
    const onServer = (await decodePhotoFile(bytes)).codes
    const serverMs = performance.now() - started
    const byPlain = await page.plain(file)
    device.add(scoreItem(item, onDevice.codes), onDevice.ms)
    server.add(scoreItem(item, onServer), serverMs)
    plain.add(scoreItem(item, byPlain.codes), byPlain.ms)
    const difference = sameCodes(onDevice.codes, onServer)
    if (difference) differ.push(`${itemKey(item)}: ${difference}`)
  }
  const faults = (tally: ScoreTally) => `${tally.wrong} wrong, ${tally.double} double`
  return [
    {
      name: `real photos (${items.length} items, each file as picked): items where the phone's codes differ from the server analyser's on the same file`,
      value: differ.length,
      unit: differ.length ? `: ${differ.join('; ')}` : `of ${items.length}`,
      target: '0',
    },
    {
      name: `real photos: codes read on the phone (${device.scored} codes; server analyser ${server.read}, plain call in the page ${plain.read})`,
      value: device.readPct,
      unit: `% (${faults(device)}; server ${faults(server)}; plain call ${faults(plain)})`,
      baseline: { name: 'one plain readBarcodes call in the same page', value: plain.readPct },
    },
    { name: 'real photos: time per photo on the phone p50', value: percentile(device.ms, 50), unit: 'ms', baseline: { name: 'one plain readBarcodes call in the same page', value: percentile(plain.ms, 50) } },
    { name: 'real photos: time per photo on the phone p95', value: percentile(device.ms, 95), unit: 'ms', baseline: { name: 'one plain readBarcodes call in the same page', value: percentile(plain.ms, 95) } },
  ]
}

const ratio = (value: number[], baseline: number[]) => `${(percentile(value, 95) / percentile(baseline, 95)).toFixed(2)}×`

/** p95 of `value` beside the plain call's, with both p50s. */
const timeFigure = (name: string, value: number[], baseline: number[], baselineName: string): Figure => ({
  name,
  value: percentile(value, 95),
  unit: `ms (${ratio(value, baseline)} the plain call; p50 ${percentile(value, 50).toFixed(0)} ms against ${percentile(baseline, 50).toFixed(0)} ms)`,
  baseline: { name: baselineName, value: percentile(baseline, 95) },
  target: '≤ 1.3× the plain call',
})

async function shelfFigures(page: DecoderPage): Promise<Figure[]> {
  const shelves = await Promise.all(SHELVES.map(async (labelCount, i) => ({ labelCount, photo: await generateShelfPhoto({ labelCount, seed: 300 + i }) })))
  const figures: Figure[] = []
  const differ: string[] = []
  for (const rate of SLOWDOWNS) {
    await page.slowDown(rate)
    const [deviceMs, plainMs, hereMs, plainHereMs, firstMs, longTasks]: number[][] = [[], [], [], [], [], []]
    let [read, labels, plainRead] = [0, 0, 0]
    for (let run = 0; run < RUNS; run++) {
      for (const { labelCount, photo } of shelves) {
        const file = pickedFile(`shelf-${labelCount}.jpg`, photo.jpeg)
        const plain = await page.plain(file)
        const decoded = await page.decode(file)
        // the observer delivers its entries a moment after the task
        await new Promise((resume) => setTimeout(resume, 100))
        longTasks!.push(...(await page.takeLongTasks()))
        deviceMs!.push(decoded.ms)
        plainMs!.push(plain.ms)
        plainHereMs!.push((await page.plainHere(file)).ms)
        const here = await page.decodeHere(file)
        hereMs!.push(here.ms)
        if (decoded.firstCodesMs !== null) firstMs!.push(decoded.firstCodesMs / decoded.ms)
        if (run > 0 || rate !== SLOWDOWNS[0]) continue
        const found = new Map<string, number>()
        for (const code of decoded.codes) found.set(code.text, (found.get(code.text) ?? 0) + 1)
        for (const [text, count] of photo.truth) read += Math.min(count, found.get(text) ?? 0)
        labels += labelCount
        plainRead += Math.min(plain.codes.length, labelCount)
        for (const [where, codes] of [['main thread', here.codes], ['server', (await decodePhotoFile(photo.jpeg)).codes]] as const) {
          const difference = sameCodes(decoded.codes, codes)
          if (difference) differ.push(`shelf of ${labelCount}, worker against the ${where}: ${difference}`)
        }
      }
    }
    const slowdown = rate === 1 ? 'as is' : `DevTools' ${rate}× CPU slowdown (the page's main thread only: Chromium refuses it for workers)`
    const shelvesLabel = `12 MP shelves (${SHELVES.join('/')} labels, ${RUNS} runs), ${slowdown}`
    if (rate === SLOWDOWNS[0]) {
      figures.push(
        { name: `12 MP shelves: labels read in the worker`, value: (100 * read) / labels, unit: `% of ${labels} (plain call: at most ${plainRead} codes)` },
        { name: `12 MP shelves: photos where the worker's codes differ from the same decoder's on the main thread or on the server`, value: differ.length, unit: differ.length ? `: ${differ.join('; ')}` : `of ${shelves.length}`, target: '0' },
      )
    }
    figures.push(
      timeFigure(`${shelvesLabel}: the worker, time per photo p95 (file to codes on the page)`, deviceMs!, plainMs!, 'one plain readBarcodes call on the same pixels, in a worker of the same page'),
      timeFigure(`${shelvesLabel}: the same decoder on the main thread, time per photo p95`, hereMs!, plainHereMs!, 'one plain readBarcodes call on the same pixels, on the main thread'),
      { name: `${shelvesLabel}: first codes on the page, share of the photo's time (p50)`, value: percentile(firstMs!, 50) * 100, unit: `% (${firstMs!.length} of ${deviceMs!.length} photos had codes before the end)`, target: '< 100%' },
      { name: `${shelvesLabel}: main-thread long tasks while the worker decodes (PerformanceObserver)`, value: longTasks!.length, unit: longTasks!.length ? `(longest ${Math.max(...longTasks!)} ms)` : 'over 50 ms', target: '0' },
    )
  }
  await page.slowDown(1)
  return figures
}

export async function runDeviceDecodeBench(): Promise<Figure[]> {
  const [load1] = loadavg()
  const page = await openDecoderPage()
  try {
    // One 12 MP read each before the timed ones: the wasm compiles, its memory grows to a 12 MP
    // photo's and the JIT warms up. Timed among the others, the first photos after the page opened
    // (up to twice their later reads, on either side) made the p95 of eight; it is a figure of its own.
    const warm = pickedFile('warm.jpg', (await generateShelfPhoto({ labelCount: 40, seed: 1 })).jpeg)
    const first = { device: (await page.decode(warm)).ms, plain: (await page.plain(warm)).ms }
    // and the same on the main thread: its first reads' garbage, collected while a worker decoded, slowed that photo
    await page.plainHere(warm)
    await page.decodeHere(warm)
    const figures = [...(await shelfFigures(page)), ...(await realPhotoFigures(page))]
    return [
      { name: `machine load average at the start / over the last 5 min at the end (${availableParallelism()} CPUs; timings above ~1 per CPU are slowed by other work)`, value: load1!, unit: `/ ${loadavg()[1]!.toFixed(2)}` },
      {
        name: 'the first 12 MP photo after the page opens (40 labels; the wasm compiles and its memory grows), in the worker',
        value: first.device,
        unit: 'ms',
        baseline: { name: 'one plain readBarcodes call, the first in its worker', value: first.plain },
      },
      ...figures,
    ]
  } finally {
    await page.close()
  }
}
