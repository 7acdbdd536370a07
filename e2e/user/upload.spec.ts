import { axe } from '../_helpers/axe'
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { shelfPhoto } from '../../test/shelf/generate-shelf-photo'
import { tinsPhoto } from '../_helpers/photos'
import { createOwner, signedInClient, type Credentials } from '../_helpers/stack'
import { expectToast, signIn } from '../_helpers/ui'

test.setTimeout(120_000)

async function ownerOnUpload(page: Page, tag: string): Promise<Credentials> {
  const owner = await createOwner(tag, { products: [{ name: 'Tin', sku: 'TIN-01', qty: 3, low_stock_threshold: 1 }] })
  await signIn(page, owner, '/upload')
  await expect(page).toHaveURL('/upload')
  return owner
}

async function stocktakes(owner: Credentials) {
  const { data } = await (await signedInClient(owner)).from('count_sessions').select('id, status').throwOnError()
  return data
}

const blank = async (name: string, seed = 1) => ({ name, mimeType: 'image/jpeg', buffer: (await shelfPhoto({ items: [], width: 800, height: 600, seed })).jpeg })

test('each side is stored as soon as it is picked; Analyze Inventory waits for both; the pickers preview and say how to change', async ({ page }, testInfo) => {
  await ownerOnUpload(page, 'upload-ui')
  const analyse = page.getByRole('button', { name: 'Analyze Inventory' })
  await expect(analyse).toBeDisabled()
  await expect(page.getByText('Upload both images to start analysis')).toBeVisible()
  // picked from the keyboard: once the photo is in, the side's next picker has the focus
  const first = page.getByLabel('Start of Day photo', { exact: true })
  await first.focus()
  await first.setInputFiles(await blank('shelf.jpg'))
  await expect(page.getByRole('img', { name: 'Start of Day photo 1' })).toBeVisible()
  await expect(page.getByLabel('Add another Start of Day photo')).toBeFocused()
  // and a screen reader hears how the count went
  await expect(page.getByRole('status').filter({ hasText: 'Start of Day photos counted: 0 units of 0 products' })).toHaveCount(1)
  // The spec's words where there is a pointer; a touch screen is tapped.
  const [shown, hidden] = testInfo.project.name === 'phone' ? ['Tap', 'Click'] : ['Click', 'Tap']
  await expect(page.getByText(`${shown} to change image`)).toBeVisible()
  await expect(page.getByText(`${hidden} to change image`)).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Stocktake in progress' })).toBeVisible()
  await expect(analyse).toBeDisabled()
  await page.getByLabel('Add another Start of Day photo').setInputFiles(await blank('shelf-2.jpg', 2))
  await expect(page.getByRole('img', { name: 'Start of Day photo 2' })).toBeVisible()
  await page.getByLabel('End of Day photo', { exact: true }).setInputFiles(await blank('evening.jpg', 3))
  await expect(analyse).toBeEnabled()
  await expect(page.getByText('Upload both images to start analysis')).toHaveCount(0)
  // A wrong photo comes out again, after asking.
  await page.getByRole('button', { name: 'Remove Start of Day photo 2' }).click()
  await page.getByRole('dialog', { name: 'Remove Start of Day photo 2?' }).getByRole('button', { name: 'Remove photo' }).click()
  await expectToast(page, 'Photo removed', '', 'success')
  await expect(page.getByRole('img', { name: 'Start of Day photo 2' })).toHaveCount(0)
  const { violations } = await (await axe(page)).analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
})

test('a file that is not a photo is refused before anything is uploaded @any-viewport', async ({ page }) => {
  const owner = await ownerOnUpload(page, 'upload-bad')
  await page.getByLabel('Start of Day photo', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') })
  const message = '"notes.txt" is not a photo this browser can read. Choose a JPEG, PNG or WebP image.'
  await expectToast(page, 'Photo not added', message, 'error')
  await expect(page.getByRole('region', { name: 'Start of Day' }).getByText(message)).toBeVisible()
  expect(await stocktakes(owner)).toEqual([])
  await expect(page.getByRole('button', { name: 'Analyze Inventory' })).toBeDisabled()
})

/** The morning as stored: its photos, and the units the review would book from them. */
async function storedMorning(owner: Credentials) {
  const supabase = await signedInClient(owner)
  const { data: session } = await supabase.from('count_sessions').select('id').eq('status', 'open').single().throwOnError()
  const { count } = await supabase.from('count_photos').select('id', { count: 'exact', head: true }).eq('side', 'start').throwOnError()
  const { data: review } = await supabase.rpc('count_session_review', { p_session_id: session.id }).throwOnError()
  const units = (review as { lines: { start_count: number }[] }).lines.reduce((sum, line) => sum + line.start_count, 0)
  return { photos: count, units }
}

/** The morning count on screen, then the same in the database. */
async function expectMorning(page: Page, owner: Credentials, photos: number, units: number) {
  const list = page.getByRole('list', { name: 'Start of Day photos' }).getByRole('listitem')
  await expect(list).toHaveCount(photos)
  if (units > 0) await expect(page.getByText(`Morning count: ${units} units of 1 product`)).toBeVisible({ timeout: 60_000 })
  else await expect(page.getByText(/^Morning count/)).toHaveCount(0)
  expect(await storedMorning(owner)).toEqual({ photos, units })
}

const toastButton = (page: Page, title: string, button: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: button })

test('changing a photo replaces that photo only; removing asks first and can be undone; the count shown is the count stored @any-viewport', async ({ page }) => {
  // Dialogs and toasts appear without fading: axe never measures one half-way in.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const owner = await ownerOnUpload(page, 'upload-change')
  const start = page.getByRole('region', { name: 'Start of Day' })
  await page.getByLabel('Start of Day photo', { exact: true }).setInputFiles(await tinsPhoto('shelf-1.jpg', 1))
  await expect(page.getByText('Morning count: 1 unit of 1 product')).toBeVisible({ timeout: 60_000 })
  await page.getByLabel('Add another Start of Day photo').setInputFiles([await tinsPhoto('shelf-2.jpg', 2), await tinsPhoto('shelf-3.jpg', 3)])
  await expectMorning(page, owner, 3, 6)

  // The big first photo: that shelf changes, the other two and their counts stay.
  const first = page.getByRole('img', { name: 'Start of Day photo 1' })
  const before = await first.getAttribute('src')
  await page.getByLabel('Change image: Start of Day photo 1').setInputFiles(await tinsPhoto('shelf-1-again.jpg', 4))
  await expectMorning(page, owner, 3, 9)
  await expect(first).not.toHaveAttribute('src', before!)
  // Any other photo changes the same way.
  await page.getByLabel('Change image: Start of Day photo 3').setInputFiles(await tinsPhoto('shelf-3-again.jpg', 5))
  await expectMorning(page, owner, 3, 11)

  // Removing asks first: keeping it changes nothing.
  const removeSecond = start.getByRole('button', { name: 'Remove Start of Day photo 2' })
  await removeSecond.click()
  const dialog = page.getByRole('dialog', { name: 'Remove Start of Day photo 2?' })
  await expect(dialog).toContainText('Its labels come out of the morning count. You can undo this for a few seconds.')
  await dialog.getByRole('button', { name: 'Keep it' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(removeSecond).toBeFocused()
  await expectMorning(page, owner, 3, 11)
  // By keyboard: removed, focus back on the side, and Undo puts the same photo back with its count.
  await page.keyboard.press('Enter')
  await dialog.getByRole('button', { name: 'Remove photo' }).focus()
  await page.keyboard.press('Enter')
  await expectToast(page, 'Photo removed', '', 'success')
  await expectMorning(page, owner, 2, 9)
  await expect(start.getByRole('heading', { name: 'Start of Day' })).toBeFocused()
  await toastButton(page, 'Photo removed', 'Undo').click()
  await expectToast(page, 'Photo put back', '', 'success')
  await expectMorning(page, owner, 3, 11)
  await expect(start.getByRole('heading', { name: 'Start of Day' })).toBeFocused()

  // A whole side, the same way.
  await start.getByRole('button', { name: 'Remove all Start of Day photos' }).click()
  const all = page.getByRole('dialog', { name: 'Remove all 3 Start of Day photos?' })
  await expect(all).toBeVisible()
  const { violations } = await (await axe(page)).include('[role="dialog"]').analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
  await all.getByRole('button', { name: 'Remove 3 photos' }).click()
  await expectToast(page, '3 photos removed', '', 'success')
  await expectMorning(page, owner, 0, 0)
  await toastButton(page, '3 photos removed', 'Undo').click()
  await expectToast(page, '3 photos put back', '', 'success')
  await expectMorning(page, owner, 3, 11)
  await page.reload()
  await expectMorning(page, owner, 3, 11)
})

/** A phone's sideways photo: stored landscape, 4800 × 600, with EXIF saying "turn 90° clockwise". */
const sideways = async () => ({
  name: 'sideways.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 4800, height: 600, channels: 3, background: '#f4f1ea' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
})

test('photos without any code fail with a clear message, and nothing is counted @any-viewport', async ({ page }) => {
  const owner = await ownerOnUpload(page, 'upload-blank')
  await page.getByLabel('Start of Day photo', { exact: true }).setInputFiles(await sideways())
  await expect(page.getByRole('img', { name: 'Start of Day photo 1' })).toBeVisible()
  // Stored (with its upload time) before the evening's: a morning photo must come first.
  await expect(page.getByText('Morning count: 0 units of 0 products')).toBeVisible({ timeout: 60_000 })
  // Said as soon as the photo is counted, not at the end of the day: nothing found, and what usually helps.
  const morning = page.getByRole('region', { name: 'Start of Day' })
  await expect(morning.getByRole('alert')).toHaveText(
    'No code found in Start of Day photo 1. What usually helps: closer to the shelf, in good light, with the labels facing the camera. Change the photo to try again.',
  )
  // counted on this phone: the tile offers the server's count too
  await expect(morning.getByRole('list', { name: 'Start of Day photos' }).getByRole('listitem')).toHaveText([/^No code found\s*Count again on the server$/])
  const { data: counted } = await (await signedInClient(owner)).from('count_photos').select('status, codes_found').throwOnError()
  expect(counted).toEqual([{ status: 'analysed', codes_found: 0 }])
  await page.getByLabel('End of Day photo', { exact: true }).setInputFiles(await blank('evening.jpg'))
  await page.getByRole('button', { name: 'Analyze Inventory' }).click()
  await expectToast(page, 'Analysis started', 'Counting the labels in your photos.', 'success')
  const message = /^No barcodes or QR codes were found in these photos\./
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('button', { name: 'Try the analysis again' })).toBeVisible()
  const supabase = await signedInClient(owner)
  const { data: tin } = await supabase.from('products').select('qty').single().throwOnError()
  expect(tin).toEqual({ qty: 3 })
  // The sideways photo was stored upright (EXIF applied) and at most 4096 px long.
  const { data: photo } = await supabase.from('count_photos').select('storage_path, width, height').eq('side', 'start').single().throwOnError()
  expect([photo.width, photo.height]).toEqual([512, 4096])
  const { data: file } = await supabase.storage.from('stock-photos').download(photo.storage_path)
  const stored = await sharp(Buffer.from(await file!.arrayBuffer())).metadata()
  expect([stored.width, stored.height, stored.orientation ?? 1]).toEqual([512, 4096, 1])
})

test('the morning survives a reload, and discarding takes the stocktake and its photos away @any-viewport', async ({ page }) => {
  const owner = await ownerOnUpload(page, 'upload-reload')
  await page.getByLabel('Start of Day photo', { exact: true }).setInputFiles(await tinsPhoto('morning.jpg', 4))
  await expect(page.getByText('Morning count: 4 units of 1 product')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('list', { name: 'Start of Day photos' }).getByRole('listitem')).toHaveText([/^4 codes\s*Count again on the server$/])
  await expect(page.getByText(/^No code found/)).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('img', { name: 'Start of Day photo 1' })).toBeVisible()
  await expect(page.getByText('Morning count: 4 units of 1 product')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Morning photos in: waiting for the evening' })).toBeVisible()
  const [open] = (await stocktakes(owner))!
  const supabase = await signedInClient(owner)
  const { data: shop } = await supabase.from('shops').select('id').single().throwOnError()
  // The photo, and beside it the small copy the page shows (not the 4,000-pixel photo).
  const stored = (await supabase.storage.from('stock-photos').list(`${shop.id}/${open!.id}`)).data!.map((file) => file.name)
  expect(stored).toHaveLength(2)
  const preview = stored.find((name) => name.endsWith('.preview.jpg'))!
  expect(stored).toContain(preview.replace('.preview.jpg', '.jpg'))
  await expect(page.getByRole('img', { name: 'Start of Day photo 1' })).toHaveAttribute('src', new RegExp(preview.replaceAll('.', '\\.')))
  // the top photo is the first screen's largest picture: the browser fetches it first
  await expect(page.getByRole('img', { name: 'Start of Day photo 1' })).toHaveAttribute('fetchpriority', 'high')
  const { data: small } = await supabase.storage.from('stock-photos').download(`${shop.id}/${open!.id}/${preview}`)
  const { width, height } = await sharp(Buffer.from(await small!.arrayBuffer())).metadata()
  expect(Math.max(width!, height!)).toBeLessThanOrEqual(640)

  await page.getByRole('button', { name: 'Discard stocktake' }).click()
  await page.getByRole('dialog', { name: 'Discard this stocktake?' }).getByRole('button', { name: 'Discard stocktake' }).click()
  await expectToast(page, 'Stocktake discarded', 'Stocktake discarded: its photos and counts are gone', 'success')
  await expect(page.getByRole('img', { name: 'Start of Day photo 1' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Analyze Inventory' })).toBeDisabled()
  expect(await stocktakes(owner)).toEqual([])
  expect((await supabase.storage.from('stock-photos').list(`${shop.id}/${open!.id}`)).data).toEqual([])
})
