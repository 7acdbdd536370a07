import { readFileSync } from 'node:fs'
import { axe } from '../_helpers/axe'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { shelfPhoto, type ShelfItem } from '../../test/shelf/generate-shelf-photo'
import { openCatalogueTool } from '../_helpers/catalogue'
import { expectNoSidewaysScroll, readReviewCard, readTotals, reviewCard, type ShownLine } from '../_helpers/review'
import { createOwner, newCredentials, type Credentials } from '../_helpers/stack'
import { expectToast, productCard, signIn, signUpThroughUi, statCard } from '../_helpers/ui'

// with the service worker in control, as on an owner's phone
test.use({ serviceWorkers: 'allow' })

// A whole day as a new owner lives it: sign up, shop, catalogue by CSV, labels,
// the morning's photos (a reload, and they are still there, counted), the
// evening's from another device, the review read from the screen number by
// number, and then every screen holding exactly those numbers.
test.setTimeout(240_000)

const products = Array.from({ length: 10 }, (_, i) => ({ name: `Day Product ${String(i + 1).padStart(2, '0')}`, sku: `DAY-${String(i + 1).padStart(2, '0')}` }))
// The catalogue holds more than the shelf shows: DAY-01 has 7 more in the back room.
const catalogue: Record<string, number> = { 'DAY-01': 12, 'DAY-02': 4, 'DAY-03': 3 }
const morning: Record<string, number> = { 'DAY-01': 5, 'DAY-02': 4, 'DAY-03': 3, 'NEW-TEA': 1 }
const evening: Record<string, number> = { 'DAY-01': 2, 'DAY-02': 4, 'DAY-03': 1 }

async function photo(counts: Record<string, number>, seed: number, name: string) {
  const items: ShelfItem[] = Object.entries(counts).map(([text, count]) => ({ text, format: 'qrcode', count }))
  const { jpeg } = await shelfPhoto({ items, width: 1600, height: 1200, seed, maxAngle: 10 })
  return { name, mimeType: 'image/jpeg', buffer: jpeg }
}

/**
 * The same owner on a second device: its own browser, its own sign-in. It asks for reduced motion,
 * so sonner's toasts appear and go without fading: axe, run on this page, never measures a half-faded toast.
 */
async function secondDevice(browser: Browser, owner: Credentials, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({ ...(viewport ? { viewport, isMobile: true, hasTouch: true } : {}), reducedMotion: 'reduce' })
  const page = await context.newPage()
  await signIn(page, owner, '/upload')
  await expect(page).toHaveURL('/upload')
  return page
}

const stockOf = (line: ShownLine) => Number(line.figures['Stock after confirming'])

async function expectReviewOnPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoSidewaysScroll(page)
  const confirm = page.getByRole('button', { name: 'Confirm counts and update stock' })
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(confirm).toBeInViewport()
  const field = page.getByLabel('Evening count of Day Product 01')
  await expect(field).toHaveAttribute('inputmode', 'numeric')
  const choice = page.locator('label', { has: page.getByRole('radio', { name: /Everything we hold/ }) })
  for (const target of [field, confirm, choice]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  }
}

test('a day of stock: morning, reload, evening on another device, review read from the screen, and the same numbers everywhere', async ({ page, browser }, testInfo) => {
  const owner = newCredentials('day')
  await signUpThroughUi(page, owner)
  const dialog = page.getByRole('dialog', { name: 'Create Your Shop' })
  await dialog.getByLabel('Shop Name').fill('Day Shop')
  await dialog.getByRole('button', { name: 'Create Shop' }).click()
  await expectToast(page, 'Shop created!', 'Day Shop is ready to go.', 'success')

  await expect(page).toHaveURL('/app/products')
  await openCatalogueTool(page, 'Import CSV')
  const csv = 'name,sku,qty,low_stock_threshold\r\n' + products.map((p) => `${p.name},${p.sku},${catalogue[p.sku] ?? 10},2`).join('\r\n') + '\r\n'
  await page.getByLabel('CSV file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByText('10 of 10 rows ready to import')).toBeVisible()
  await page.getByRole('button', { name: 'Import 10 products' }).click()
  await expectToast(page, 'Products imported', '10 new products, 0 products updated, 0 stock counts changed', 'success')
  await openCatalogueTool(page, 'Print labels')
  // a label per unit in stock, for each of the 10 products
  await expect(page.getByRole('group', { name: 'Products to print' }).getByRole('checkbox')).toHaveCount(10)

  // Morning: the photo is stored and counted as soon as it is picked, and is still there after a reload.
  await page.goto('/upload')
  await page.getByLabel('Start of Day photo', { exact: true }).setInputFiles(await photo(morning, 1, 'morning.jpg'))
  await expect(page.getByText('Morning count: 12 units of 3 products')).toBeVisible({ timeout: 90_000 })
  await page.reload()
  await expect(page.getByText('Morning count: 12 units of 3 products')).toBeVisible()
  await expect(page.getByRole('img', { name: 'Start of Day photo 1' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Morning count' }).getByRole('listitem')).toHaveText(['Day Product 015', 'Day Product 024', 'Day Product 033'])
  // The dashboard links to the day's stocktake.
  await page.goto('/dashboard')
  await expect(page.getByRole('region', { name: 'Stocktake in progress' })).toContainText('Morning photos in: waiting for the evening')
  await page.getByRole('link', { name: 'Continue the stocktake' }).click()
  await expect(page).toHaveURL('/upload')

  // Evening, on another device signed in to the same shop.
  const phone = testInfo.project.name === 'phone'
  const evening2 = await secondDevice(browser, owner, phone ? { width: 390, height: 844 } : null)
  await expect(evening2.getByText('Morning count: 12 units of 3 products')).toBeVisible()
  await evening2.getByLabel('End of Day photo', { exact: true }).setInputFiles(await photo(evening, 2, 'evening.jpg'))
  const analyse = evening2.getByRole('button', { name: 'Analyze Inventory' })
  await expect(analyse).toBeEnabled({ timeout: 30_000 })
  await analyse.click()
  await expectToast(evening2, 'Analysis started', 'Counting the labels in your photos.', 'success')
  await expect(evening2).toHaveURL(/\/stocktakes\/[0-9a-f-]{36}$/, { timeout: 90_000 })
  await expectToast(evening2, 'Analysis complete', 'Check the counts, then confirm them.', 'success')
  await expect(evening2.getByRole('heading', { name: 'Review stocktake' })).toBeVisible()

  // The review, read from the screen. The photos cover only the shelf: DAY-01's back room is untouched.
  await expect(evening2.getByRole('radio', { name: /Only what’s on the shelf/ })).toBeChecked()
  await expect(evening2.getByRole('article')).toHaveCount(3)
  const unmatched = evening2.getByRole('region', { name: 'Codes we could not match' })
  await expect(unmatched).toContainText('NEW-TEA')
  await expect(unmatched.getByRole('link', { name: 'Add product with code NEW-TEA' })).toHaveAttribute('href', '/app/products/new?sku=NEW-TEA')
  await expect(evening2.getByRole('region', { name: 'Start of Day photos' })).toContainText('(uploaded)')
  // One label was hidden behind another: the owner corrects the count, and the card is worked out again.
  await evening2.getByLabel('Evening count of Day Product 03').fill('2')
  await expect(reviewCard(evening2, 'Day Product 03').getByRole('definition').last()).toHaveText('2')
  await expect(evening2.getByRole('button', { name: 'Confirm counts and update stock' })).toBeEnabled()
  if (phone) await expectReviewOnPhone(evening2)
  const { violations } = await (await axe(evening2)).analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])

  const names = ['Day Product 01', 'Day Product 02', 'Day Product 03']
  const shown: Record<string, ShownLine> = {}
  for (const name of names) shown[name] = await readReviewCard(evening2, name)
  const totals = await readTotals(evening2)
  // What the owner saw, before anything is written: the eggs case on the screen.
  expect(shown['Day Product 01']).toMatchObject({ morning: 5, evening: 2, booked: ['Sold or missing −3'] })
  expect(shown['Day Product 01']!.figures).toMatchObject({ 'In catalogue at the morning photos': '12', 'Units gone': '3', 'Sold or missing': '3', 'Stock after confirming': '9' })
  expect(shown['Day Product 03']).toMatchObject({ morning: 3, evening: 2, booked: ['Sold or missing −1'] })

  // A dashboard open on the first device follows the confirmation.
  await page.goto('/dashboard')
  const sold = statCard(page, 'Items Sold Today')
  await expect(sold).toContainText('No sales recorded today')
  await evening2.getByRole('button', { name: 'Confirm counts and update stock' }).click()
  await expectToast(evening2, 'Stock updated', 'Stocktake confirmed: stock updated for 2 products', 'success')
  await expect(evening2.getByText('Confirmed: these counts are in the stock ledger.')).toBeVisible()
  // The confirmed stocktake shows exactly what was booked; the stock it found is now the stock before confirming.
  for (const name of names) {
    const { 'Stock now': before, ...figures } = shown[name]!.figures
    expect(await readReviewCard(evening2, name)).toEqual({ ...shown[name], figures: { ...figures, 'Stock before confirming': before } })
  }
  await evening2.context().close()

  const goneTotal = Number(totals['Sold or missing'])
  expect(goneTotal).toBe(names.reduce((sum, name) => sum + Number(shown[name]!.figures['Sold or missing'] ?? 0), 0))
  await page.reload()
  await expect(sold).toContainText(`Also ${goneTotal} units sold or missing, found by a photo stocktake`)

  // The catalogue holds each stock after confirming, and each product's history the movement booked.
  await page.goto('/app/products')
  for (const name of names) await expect(productCard(page, name)).toContainText(`Stock: ${stockOf(shown[name]!)}`)
  for (const name of names.filter((n) => shown[n]!.booked.length > 0)) {
    await productCard(page, name).getByRole('link', { name, exact: true }).click()
    const latest = page.getByRole('list', { name: 'Stock movements' }).getByRole('listitem').first()
    const [reason, delta] = shown[name]!.booked[0]!.split(/ (?=[−+]\d)/)
    await expect(latest).toContainText(reason!)
    await expect(latest).toContainText(delta!)
    await expect(latest).toContainText('Photo count')
    await page.goBack()
  }

  // The dashboard and the day's report agree.
  await page.goto('/dashboard')
  const units = 10 * 7 + names.reduce((sum, name) => sum + stockOf(shown[name]!), 0)
  await expect(statCard(page, 'Current Stock')).toContainText(`${units} units`)
  await expect(page.getByRole('region', { name: 'Stocktake in progress' })).toHaveCount(0)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Report' }).click()])
  const report = readFileSync((await download.path())!, 'utf8')
  const record = (first: string) => report.split('\r\n').find((line) => line.startsWith(first))?.split(',')
  for (const name of names) {
    // Product, SKU, Opening, Opening stock, Received, Returned, Sold, Sold or missing, Missing, Damaged or lost, Count corrections, Closing, Low stock
    const fields = record(`${name},`)
    expect([fields?.[7], fields?.[8], fields?.[11]]).toEqual([
      shown[name]!.figures['Sold or missing'] ?? '0',
      shown[name]!.figures['Missing'] ?? '0',
      String(stockOf(shown[name]!)),
    ])
  }
})

test('a sale at the till while the review is open: confirming is refused, the new numbers show, then they are booked @any-viewport', async ({ page }) => {
  const owner = await createOwner('stale', {
    products: [
      { name: 'Stale Tea', sku: 'STALE-TEA', qty: 9, low_stock_threshold: 1 },
      { name: 'Stale Jam', sku: 'STALE-JAM', qty: 5, low_stock_threshold: 1 },
    ],
  })
  await signIn(page, owner, '/upload')
  await page.getByLabel('Start of Day photo', { exact: true }).setInputFiles(await photo({ 'STALE-TEA': 6 }, 3, 'morning.jpg'))
  await expect(page.getByText('Morning count: 6 units of 1 product')).toBeVisible({ timeout: 90_000 })
  await page.getByLabel('End of Day photo', { exact: true }).setInputFiles(await photo({ 'STALE-TEA': 4 }, 4, 'evening.jpg'))
  await page.getByRole('button', { name: 'Analyze Inventory' }).click()
  await expect(page).toHaveURL(/\/stocktakes\//, { timeout: 90_000 })

  // The photos cover everything: the jam is in no photo, and the owner says there is none left.
  await page.getByRole('radio', { name: /Everything we hold/ }).check()
  const absent = page.getByRole('region', { name: 'Not in the photos' })
  await expect(absent.getByRole('group', { name: 'Stale Jam' }).getByRole('radio', { name: 'Keep as is' })).toBeChecked()
  await absent.getByRole('group', { name: 'Stale Jam' }).getByRole('radio', { name: 'Set to 0' }).check()
  await expect(absent.getByRole('group', { name: 'Stale Jam' })).toContainText('Stock after confirming0')
  const before = await readReviewCard(page, 'Stale Tea')
  expect(before.booked).toEqual(['Count correction at the morning photos −3', 'Sold or missing −2'])
  expect(before.figures['Stock after confirming']).toBe('4')

  // Meanwhile, one tea is sold at the till (the product page, in another tab).
  const till = await page.context().newPage()
  await till.goto('/app/products')
  await productCard(till, 'Stale Tea').getByRole('button', { name: 'Sold 1 Stale Tea' }).click()
  await expect(productCard(till, 'Stale Tea')).toContainText('Stock: 8')
  await expectToast(till, 'Sold 1 × Stale Tea', 'Stock is now 8', 'success')
  await till.close()

  await page.getByRole('button', { name: 'Confirm counts and update stock' }).click()
  await expectToast(page, 'Stocktake not confirmed', 'Stock changed since you opened this review: check the new numbers', 'error')
  const after = await readReviewCard(page, 'Stale Tea')
  // Everything: the evening's 4 is the stock, less the one sold since.
  expect(after.figures['Stock now']).toBe('8')
  expect(after.figures['Stock after confirming']).toBe('3')
  expect(after.booked).toEqual(['Count correction at the morning photos −3', 'Sold or missing −2'])
  await page.getByRole('button', { name: 'Confirm counts and update stock' }).click()
  await expectToast(page, 'Stock updated', 'Stocktake confirmed: stock updated for 2 products', 'success')
  await page.goto('/app/products')
  await expect(productCard(page, 'Stale Tea')).toContainText('Stock: 3')
  await expect(productCard(page, 'Stale Jam')).toContainText('Stock: 0')
})
