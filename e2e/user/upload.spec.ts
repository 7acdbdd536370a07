import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { shelfPhoto } from '../../bench/counting/generate-shelf-photo'
import { createOwner, signedInClient, type Credentials } from '../_helpers/stack'
import { expectToast, signInThroughUi } from '../_helpers/ui'

test.setTimeout(120_000)

async function ownerOnUpload(page: Page, tag: string): Promise<Credentials> {
  const owner = await createOwner(tag, { products: [{ name: 'Tin', sku: 'TIN-01', qty: 3, low_stock_threshold: 1 }] })
  await signInThroughUi(page, owner, '/auth?next=/upload')
  await expect(page).toHaveURL('/upload')
  return owner
}

async function stocktakes(owner: Credentials) {
  const { data } = await (await signedInClient(owner)).from('count_sessions').select('status, error').throwOnError()
  return data
}

const blank = async (name: string) => ({ name, mimeType: 'image/jpeg', buffer: (await shelfPhoto({ items: [], width: 800, height: 600 })).jpeg })

test('Analyze Inventory waits for both sides; the pickers preview and say how to change', async ({ page }) => {
  await ownerOnUpload(page, 'upload-ui')
  const analyse = page.getByRole('button', { name: 'Analyze Inventory' })
  await expect(analyse).toBeDisabled()
  await expect(page.getByText('Upload both images to start analysis')).toBeVisible()
  await page.getByLabel('Start of Day photo').setInputFiles(await blank('shelf.jpg'))
  await expect(page.getByRole('img', { name: 'Start of Day photo 1' })).toBeVisible()
  await expect(page.getByText('Click to change image')).toHaveCount(1)
  await expect(analyse).toBeDisabled()
  await page.getByLabel('Add another Start of Day photo').setInputFiles(await blank('shelf-2.jpg'))
  await expect(page.getByRole('img', { name: 'Start of Day photo 2' })).toBeVisible()
  await page.getByLabel('End of Day photo').setInputFiles(await blank('evening.jpg'))
  await expect(analyse).toBeEnabled()
  await expect(page.getByText('Upload both images to start analysis')).toHaveCount(0)
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
})

test('a file that is not a photo is refused before anything is uploaded', async ({ page }) => {
  const owner = await ownerOnUpload(page, 'upload-bad')
  await page.getByLabel('Start of Day photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') })
  await page.getByLabel('End of Day photo').setInputFiles(await blank('evening.jpg'))
  await page.getByRole('button', { name: 'Analyze Inventory' }).click()
  const message = '"notes.txt" is not a photo this browser can read. Choose a JPEG, PNG or WebP image.'
  await expectToast(page, 'Analysis failed', message, 'error')
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible()
  expect(await stocktakes(owner)).toEqual([])
})

/** A phone's sideways photo: stored landscape, 4800 × 600, with EXIF saying "turn 90° clockwise". */
const sideways = async () => ({
  name: 'sideways.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 4800, height: 600, channels: 3, background: '#f4f1ea' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
})

test('photos without any code fail with a clear message, and nothing is counted', async ({ page }) => {
  const owner = await ownerOnUpload(page, 'upload-blank')
  await page.getByLabel('Start of Day photo').setInputFiles(await sideways())
  await page.getByLabel('End of Day photo').setInputFiles(await blank('evening.jpg'))
  await page.getByRole('button', { name: 'Analyze Inventory' }).click()
  const message = /^No barcodes or QR codes were found in these photos\./
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('button', { name: 'Try the analysis again' })).toBeVisible()
  expect(await stocktakes(owner)).toEqual([{ status: 'failed', error: expect.stringMatching(message) }])
  const supabase = await signedInClient(owner)
  const { data: tin } = await supabase.from('products').select('qty').single().throwOnError()
  expect(tin).toEqual({ qty: 3 })
  // The sideways photo was stored upright (EXIF applied) and at most 4096 px long.
  const { data: photo } = await supabase.from('count_photos').select('storage_path').eq('side', 'start').single().throwOnError()
  const { data: file } = await supabase.storage.from('stock-photos').download(photo.storage_path)
  const stored = await sharp(Buffer.from(await file!.arrayBuffer())).metadata()
  expect([stored.width, stored.height, stored.orientation ?? 1]).toEqual([512, 4096, 1])
})
