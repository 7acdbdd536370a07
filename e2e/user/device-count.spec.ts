import { join } from 'node:path'
import sharp from 'sharp'
import { expect, test, type Locator, type Page, type Route } from '@playwright/test'
import { REAL_PHOTOS_DIR, realPhotosPresent } from '../../bench/real-photos/manifest'
import { readyForOffline } from '../_helpers/offline'
import { blurredLabelPhoto, tinsPhoto } from '../_helpers/photos'
import { readReviewCard } from '../_helpers/review'
import { createOwner, signedInClient, type Credentials } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

// The phone reads the codes itself: the decode worker runs the server's own
// decoder on the photo as picked, its count is on screen before the upload
// ends, and the server stores it as the photo's proposal. Without a worker,
// the server counts, as before.
test.setTimeout(120_000)

const TIN = { name: 'Tin', sku: 'TIN-01', qty: 5, low_stock_threshold: 1 }

async function ownerOnUpload(page: Page, tag: string, products = [TIN]): Promise<Credentials> {
  const owner = await createOwner(tag, { products })
  await signIn(page, owner, '/upload')
  await expect(page).toHaveURL('/upload')
  return owner
}

/** Holds the photo's upload to storage (not its preview) until `release` is called. */
async function holdUploads(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const held: string[] = []
  await page.route('**/storage/v1/object/stock-photos/**', async (route: Route) => {
    const url = route.request().url()
    if (route.request().method() === 'POST' && !url.includes('.preview.')) {
      held.push(url)
      await released
    }
    await route.continue()
  })
  return { release, held }
}

async function photoRows(owner: Credentials) {
  const supabase = await signedInClient(owner)
  const { data } = await supabase.from('count_photos').select('side, status, codes_found, counted_on, kept_on_device, storage_path, width, height').order('side', { ascending: false }).throwOnError()
  return data
}

/**
 * Picks a Start of Day photo with its upload held: the phone's count (`codes`)
 * is on screen while nothing is stored yet; then lets the upload go and waits
 * for the side's count (`summary`).
 */
async function countedBeforeUpload(page: Page, owner: Credentials, pick: (start: Locator) => Promise<void>, { codes, summary }: { codes: string; summary: string }) {
  const uploads = await holdUploads(page)
  const start = page.getByRole('region', { name: 'Start of Day' })
  await pick(start)
  // read on the phone while the photo is still on its way up
  await expect(start.getByText(`${codes} · Uploading…`)).toBeVisible({ timeout: 30_000 })
  expect(uploads.held).toHaveLength(1)
  expect(await photoRows(owner)).toEqual([])
  uploads.release()
  await expect(page.getByText(summary)).toBeVisible({ timeout: 30_000 })
  await expect(start.getByText(codes, { exact: true })).toBeVisible()
}

// A camera photo nobody here made (../shared/real-photos, read there): one EAN-13 on a pack.
const REAL_PHOTO = { file: 'images/quagga2/ean/image-003.jpg', code: '4006209700068' }

test('a real photo picked through the file chooser: its count is on screen before its upload ends, and what was shown is what is stored', async ({ page }) => {
  test.skip(!realPhotosPresent(), `${REAL_PHOTOS_DIR} is absent`)
  const owner = await ownerOnUpload(page, 'device-real', [{ name: 'Pens', sku: REAL_PHOTO.code, qty: 4, low_stock_threshold: 1 }])
  const pickThroughChooser = async (start: Locator) => {
    const chooser = page.waitForEvent('filechooser')
    await start.getByText('Take or choose a photo').click()
    await (await chooser).setFiles(join(REAL_PHOTOS_DIR, REAL_PHOTO.file))
  }
  await countedBeforeUpload(page, owner, pickThroughChooser, { codes: '1 code', summary: 'Morning count: 1 unit of 1 product' })
  expect(await photoRows(owner)).toEqual([expect.objectContaining({ side: 'start', status: 'analysed', codes_found: 1, counted_on: 'device', width: 640, height: 480 })])
  const { data: lines } = await (await signedInClient(owner)).from('count_lines').select('count, products(name)').throwOnError()
  expect(lines).toEqual([{ count: 1, products: { name: 'Pens' } }])
})

test('a close-up too blurred for zxing: the phone reads it by fitting the whole code, and what was shown is what is stored @any-viewport', async ({ page }) => {
  const code = '9780441014989'
  const owner = await ownerOnUpload(page, 'device-blur', [{ name: 'Paperback', sku: code, qty: 4, low_stock_threshold: 1 }])
  const picked = await blurredLabelPhoto('close-up.jpg', code)
  await countedBeforeUpload(page, owner, (start) => start.getByLabel('Start of Day photo', { exact: true }).setInputFiles(picked), { codes: '1 code', summary: 'Morning count: 1 unit of 1 product' })
  expect(await photoRows(owner)).toEqual([expect.objectContaining({ side: 'start', status: 'analysed', codes_found: 1, counted_on: 'device' })])
  const { data: lines } = await (await signedInClient(owner)).from('count_lines').select('count, products(name)').throwOnError()
  expect(lines).toEqual([{ count: 1, products: { name: 'Paperback' } }])
})

test("the phone's count is on screen before the photo's upload ends; the server stores it; the review shows it; the server can count it again @any-viewport", async ({ page }) => {
  const owner = await ownerOnUpload(page, 'device-count')
  const picked = await tinsPhoto('morning.jpg', 3)
  await countedBeforeUpload(page, owner, (start) => start.getByLabel('Start of Day photo', { exact: true }).setInputFiles(picked), { codes: '3 codes', summary: 'Morning count: 3 units of 1 product' })
  expect(await photoRows(owner)).toEqual([expect.objectContaining({ side: 'start', status: 'analysed', codes_found: 3, counted_on: 'device', kept_on_device: false })])

  await page.getByLabel('End of Day photo', { exact: true }).setInputFiles(await tinsPhoto('evening.jpg', 2))
  await expect(page.getByText('Evening count: 2 units of 1 product')).toBeVisible({ timeout: 30_000 })
  expect((await photoRows(owner))!.map((row) => [row.side, row.codes_found, row.counted_on])).toEqual([
    ['start', 3, 'device'],
    ['end', 2, 'device'],
  ])

  // The server counts the evening photo again, in place of the phone's count.
  const end = page.getByRole('region', { name: 'End of Day' })
  await end.getByRole('button', { name: 'Count again on the server: End of Day photo 1' }).click()
  await expect.poll(async () => (await photoRows(owner))!.find((row) => row.side === 'end')?.counted_on, { timeout: 30_000 }).toBe('server')
  await expect(end.getByRole('button', { name: /^Count again on the server/ })).toHaveCount(0)
  await expect(page.getByText('Evening count: 2 units of 1 product')).toBeVisible()

  await page.getByRole('button', { name: 'Analyze Inventory' }).click()
  await expect(page).toHaveURL(/\/stocktakes\/[0-9a-f-]{36}$/, { timeout: 60_000 })
  const shown = await readReviewCard(page, 'Tin')
  expect([shown.morning, shown.evening]).toEqual([3, 2])
  const supabase = await signedInClient(owner)
  const { data: lines } = await supabase.from('count_lines').select('count, count_photos(side)').throwOnError()
  const stored = Object.fromEntries((lines as unknown as { count: number; count_photos: { side: string } }[]).map((line) => [line.count_photos.side, line.count]))
  expect(stored).toEqual({ start: shown.morning, end: shown.evening })
})

test('a browser without workers has the server count the photo, and cannot keep photos on the phone @any-viewport', async ({ page }) => {
  await page.addInitScript(() => Reflect.deleteProperty(window, 'Worker'))
  const owner = await ownerOnUpload(page, 'device-fallback')
  const keep = page.getByRole('switch', { name: 'Keep photos on this phone' })
  await expect(keep).toBeDisabled()
  await expect(page.getByText('This browser cannot read barcodes itself, so photos are uploaded and counted on the server.')).toBeVisible()
  await page.getByLabel('Start of Day photo', { exact: true }).setInputFiles(await tinsPhoto('morning.jpg', 2))
  await expect(page.getByText('Morning count: 2 units of 1 product')).toBeVisible({ timeout: 60_000 })
  expect(await photoRows(owner)).toEqual([expect.objectContaining({ status: 'analysed', codes_found: 2, counted_on: 'server' })])
  await expect(page.getByRole('button', { name: /^Count again on the server/ })).toHaveCount(0)
})

test('"Keep photos on this phone": only the labels go up, the review shows them, and this phone remembers the choice @any-viewport', async ({ page }) => {
  const owner = await ownerOnUpload(page, 'device-keep')
  const keep = page.getByRole('switch', { name: 'Keep photos on this phone' })
  await expect(keep).not.toBeChecked()
  await keep.check()
  const sent: { url: string; bytes: number }[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/storage/v1/object/')) sent.push({ url: request.url(), bytes: request.postDataBuffer()?.length ?? 0 })
  })
  const picked = await tinsPhoto('morning.jpg', 3)
  await page.getByLabel('Start of Day photo', { exact: true }).setInputFiles(picked)
  await expect(page.getByText('Morning count: 3 units of 1 product')).toBeVisible({ timeout: 60_000 })
  const start = page.getByRole('region', { name: 'Start of Day' })
  await expect(start.getByText('Photo kept on the phone')).toBeVisible()
  await expect(start.getByRole('button', { name: /^Count again on the server/ })).toHaveCount(0)

  // One file went up: three 160 px crops side by side, not the 1200 × 900 photo, and no preview of it.
  const [row] = (await photoRows(owner))!
  expect(row).toMatchObject({ codes_found: 3, counted_on: 'device', kept_on_device: true, width: 480, height: 160 })
  expect(sent.map((request) => request.url)).toEqual([expect.stringContaining(row!.storage_path)])
  const { data: file } = await (await signedInClient(owner)).storage.from('stock-photos').download(row!.storage_path)
  expect(await sharp(Buffer.from(await file!.arrayBuffer())).metadata()).toMatchObject({ width: 480, height: 160, format: 'jpeg' })
  expect(sent[0]!.bytes).toBeLessThan(picked.buffer.length)

  await page.reload()
  await expect(keep).toBeChecked()
  await keep.uncheck()
  await page.reload()
  await expect(keep).not.toBeChecked()
})

test.describe('an installed app, opened again', () => {
  test.use({ serviceWorkers: 'allow' })

  test('with the service worker in control, the phone still reads the codes itself @any-viewport', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const owner = await createOwner('device-sw', { products: [TIN] })
    await signIn(page, owner, '/app/products')
    await readyForOffline(page)
    await page.goto('/upload')
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
    const picked = await tinsPhoto('morning.jpg', 2)
    await countedBeforeUpload(page, owner, (start) => start.getByLabel('Start of Day photo', { exact: true }).setInputFiles(picked), { codes: '2 codes', summary: 'Morning count: 2 units of 1 product' })
    expect(await photoRows(owner)).toEqual([expect.objectContaining({ side: 'start', status: 'analysed', codes_found: 2, counted_on: 'device' })])
    expect(errors).toEqual([])
  })
})
