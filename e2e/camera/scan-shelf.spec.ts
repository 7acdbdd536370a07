import { expect, test } from '@playwright/test'
import { shelfPanVideo } from '../../test/shelf/shelf-video'
import { decodeTimes, fakeCameraLaunch, longestGap, SHELF_PRODUCTS, shownTally } from '../_helpers/fake-camera'
import { createOwner } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

// The live count (issue 24 §2, §4): Chromium's camera plays a shelf of 40 labels of 8 products
// (5 facings each, side by side, in 4 rows), panned along and back with motion blur and some
// tilt, made here (test/shelf/shelf-video.ts). The page must count each label once, however
// often the camera passes it, and decode a frame at least every 300 ms.
const video = shelfPanVideo({ products: SHELF_PRODUCTS, facings: 5 })
const truth = Object.fromEntries(SHELF_PRODUCTS.map((product) => [product.name, video.truth.get(product.code)!]))

test.use({ launchOptions: fakeCameraLaunch(video.file), permissions: ['camera'] })
test.skip(({ isMobile }) => !isMobile, 'the camera is the phone’s: run once, on the phone')
test.setTimeout(240_000)
test.beforeAll(async () => {
  test.setTimeout(300_000)
  await video.make()
})

test('panning along a shelf and back counts every label once: the exact tally per product, a frame decoded at least every 300 ms', async ({ page }) => {
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

  const times = await decodeTimes(page)
  const gap = longestGap(times)
  const mean = (times.at(-1)! - times[1]!) / (times.length - 2)
  test.info().annotations.push({ type: 'decode', description: `${times.length} frames decoded; mean interval ${mean.toFixed(0)} ms, longest ${gap.toFixed(0)} ms` })
  console.log(`live count: ${times.length} frames decoded, mean interval ${mean.toFixed(0)} ms, longest ${gap.toFixed(0)} ms`)
  expect(gap).toBeLessThanOrEqual(300)

  // "Clear" starts again
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(status).toHaveText(/^\d+ labels? · \d+ products?$/)
  expect(Number((await status.innerText()).split(' ')[0])).toBeLessThan(40)
})
