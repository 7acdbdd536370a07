import { expect, test } from '@playwright/test'
import { shelfPanVideo } from '../../test/shelf/shelf-video'
import { decodeFigures, decodeTimes, SHELF_PRODUCTS, shownTally, withFakeCamera } from '../_helpers/fake-camera'
import { seriousViolations } from '../_helpers/axe'
import { readReviewCard } from '../_helpers/review'
import { createOwner, signedInClient } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

// The live count (issue 24 §2, §4): Chromium's camera plays a shelf of 40 labels of 8 products
// (5 facings each, side by side, in 4 rows), panned along and back with motion blur and some
// tilt, made here (test/shelf/shelf-video.ts). The page must count each label once, however
// often the camera passes it, and decode a frame every 300 ms (p95; none over 600 ms).
const video = shelfPanVideo({ products: SHELF_PRODUCTS, facings: 5 })
const truth = Object.fromEntries(SHELF_PRODUCTS.map((product) => [product.name, video.truth.get(product.code)!]))

withFakeCamera(test, video, 240_000)
// One camera at a time: the two tests decode video as fast as the machine allows.
test.describe.configure({ mode: 'default' })

test('panning along a shelf and back counts every label once: the exact tally per product, a frame decoded every 300 ms (p95; none over 600 ms)', async ({ page }) => {
  const owner = await createOwner('scan-shelf', { products: SHELF_PRODUCTS.map((p) => ({ name: p.name, sku: p.code, qty: 10, low_stock_threshold: 1 })) })
  await signIn(page, owner, '/scan')
  const status = page.getByRole('status').filter({ hasText: /labels? ·/ })
  await expect(status).toHaveText('0 labels · 0 products')
  // one pass along the shelf and back: every label seen
  await expect(status).toHaveText('40 labels · 8 products', { timeout: 90_000 })
  expect(await shownTally(page)).toEqual(truth)
  // the camera passes every label again, twice: nothing is counted twice
  const started = Date.now()
  while (Date.now() - started < video.seconds * 1000 + 2_000) {
    await expect(status).toHaveText('40 labels · 8 products')
    await page.waitForTimeout(1_000)
  }
  expect(await shownTally(page)).toEqual(truth)
  // each mark is green (a catalogue product) and tells its product's name on tap
  const marks = page.getByRole('figure', { name: 'Camera' }).getByRole('button', { name: /^(Highlighter|Rye|Oat|Pocket|Ginger|Hand|Milk|Sea)/ })
  await expect(marks.first()).toBeVisible()

  const figures = decodeFigures(await decodeTimes(page))
  const said = `${figures.frames} frames decoded; interval p50 ${figures.p50.toFixed(0)} ms, p95 ${figures.p95.toFixed(0)} ms, longest ${figures.longest.toFixed(0)} ms (${figures.longestWithWarmUp.toFixed(0)} ms with the first frames); the worker's own time p50 ${figures.workerP50.toFixed(0)} ms, p95 ${figures.workerP95.toFixed(0)} ms`
  test.info().annotations.push({ type: 'decode', description: said })
  console.log(`live count: ${said}`)
  // On two cores shared with a second Playwright worker, one frame in about 270 can take
  // 350 ms (the worker's own time is ~110 ms): the 300 ms holds for 95 in 100, and no frame stalls.
  expect(figures.p95).toBeLessThanOrEqual(300)
  expect(figures.longest).toBeLessThanOrEqual(600)
  // (a screenshot and axe take the page's main thread for a while: after the frames are timed)
  await page.screenshot({ path: test.info().outputPath('scan-page.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  // "Clear" starts again
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(status).toHaveText(/^\d+ labels? · \d+ products?$/)
  expect(Number((await status.innerText()).split(' ')[0])).toBeLessThan(40)
})

test('"Add to stocktake" saves the tally as the morning and the evening count, with frames as evidence; the review shows the numbers the scan showed', async ({ page }) => {
  const owner = await createOwner('scan-stocktake', { products: SHELF_PRODUCTS.map((p) => ({ name: p.name, sku: p.code, qty: 10, low_stock_threshold: 1 })) })
  await signIn(page, owner, '/scan')
  const status = page.getByRole('status').filter({ hasText: /labels? ·/ })
  const add = page.getByRole('group', { name: 'Add to stocktake' })
  const shown: Record<string, Record<string, number>> = {}
  for (const [side, button] of [['start', 'Morning count'], ['end', 'Evening count']] as const) {
    await expect(status).toHaveText('40 labels · 8 products', { timeout: 90_000 })
    shown[side] = await shownTally(page)
    await add.getByRole('button', { name: button }).click()
    await expect(page.getByText("Added to today's stocktake")).toBeVisible({ timeout: 30_000 })
    await expect(status).not.toHaveText('40 labels · 8 products')
  }
  expect(shown).toEqual({ start: truth, end: truth })

  // stored as the phone's count of a few frames, each label in one of them
  const supabase = await signedInClient(owner)
  const { data: photos } = await supabase.from('count_photos').select('id, side, status, counted_on, codes_found').throwOnError()
  for (const side of ['start', 'end']) {
    const frames = photos!.filter((photo) => photo.side === side)
    expect(frames.length).toBeGreaterThan(0)
    expect(frames.length).toBeLessThanOrEqual(8)
    expect(frames.every((photo) => photo.status === 'analysed' && photo.counted_on === 'device')).toBe(true)
    expect(frames.reduce((sum, photo) => sum + (photo.codes_found as number), 0)).toBe(40)
  }
  const { data: lines } = await supabase.from('count_lines').select('count, products(name), count_photos(side)').throwOnError()
  const stored: Record<string, Record<string, number>> = { start: {}, end: {} }
  for (const line of lines as unknown as { count: number; products: { name: string }; count_photos: { side: string } }[]) {
    const side = stored[line.count_photos.side]!
    side[line.products.name] = (side[line.products.name] ?? 0) + line.count
  }
  expect(stored).toEqual(shown)

  // the stocktake's page and its review show the same numbers
  await page.goto('/upload')
  await expect(page.getByText('Morning count: 40 units of 8 products')).toBeVisible()
  await expect(page.getByText('Evening count: 40 units of 8 products')).toBeVisible()
  await page.getByRole('button', { name: 'Analyze Inventory' }).click()
  await expect(page).toHaveURL(/\/stocktakes\/[0-9a-f-]{36}$/, { timeout: 60_000 })
  for (const product of SHELF_PRODUCTS) {
    const card = await readReviewCard(page, product.name)
    expect([card.morning, card.evening], product.name).toEqual([shown.start![product.name], shown.end![product.name]])
  }
})
