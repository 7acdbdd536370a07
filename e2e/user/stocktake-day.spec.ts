import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { shelfPhoto, type ShelfItem } from '../../bench/counting/generate-shelf-photo'
import { newCredentials } from '../_helpers/stack'
import { expectToast, productCard, signUpThroughUi, statCard } from '../_helpers/ui'

// A whole day as a new owner would live it: sign up, shop, catalogue by CSV,
// labels, morning and evening photos (generated with real QR labels), the
// review with one correction, and then every screen agreeing on the numbers.
test.setTimeout(180_000)

const products = Array.from({ length: 10 }, (_, i) => ({ name: `Day Product ${String(i + 1).padStart(2, '0')}`, sku: `DAY-${String(i + 1).padStart(2, '0')}` }))
const morning: Record<string, number> = { 'DAY-01': 5, 'DAY-02': 4, 'DAY-03': 3, 'NEW-TEA': 1 }
const evening: Record<string, number> = { 'DAY-01': 2, 'DAY-02': 4, 'DAY-03': 1 }

async function photo(counts: Record<string, number>, seed: number, name: string) {
  const items: ShelfItem[] = Object.entries(counts).map(([text, count]) => ({ text, format: 'qrcode', count }))
  const { jpeg } = await shelfPhoto({ items, width: 1600, height: 1200, seed, maxAngle: 10 })
  return { name, mimeType: 'image/jpeg', buffer: jpeg }
}

const card = productCard

test('a day of stock: labels, photos, review, confirm, and the same numbers everywhere', async ({ page, context }) => {
  await signUpThroughUi(page, newCredentials('day'))
  const dialog = page.getByRole('dialog', { name: 'Create Your Shop' })
  await dialog.getByLabel('Shop Name').fill('Day Shop')
  await dialog.getByRole('button', { name: 'Create Shop' }).click()
  await expectToast(page, 'Shop created!', 'Day Shop is ready to go.', 'success')

  // Ten products by CSV; the morning's shelf matches the catalogue.
  await expect(page).toHaveURL('/app/products')
  await page.getByRole('link', { name: 'Import CSV' }).click()
  await expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible()
  const csv = 'name,sku,qty,low_stock_threshold\r\n' + products.map((p) => `${p.name},${p.sku},${morning[p.sku] ?? 10},2`).join('\r\n') + '\r\n'
  await page.getByLabel('CSV file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByText('10 of 10 rows ready to import')).toBeVisible()
  await page.getByRole('button', { name: 'Import 10 products' }).click()
  await expectToast(page, 'Products imported', '10 new products, 0 products updated, 0 stock counts changed', 'success')

  // Every product has a SKU and no barcode: each gets a QR label.
  await page.getByRole('link', { name: 'Print labels' }).click()
  await expect(page.getByRole('img', { name: 'QR code for DAY-01' })).toBeVisible()
  await expect(page.getByRole('img', { name: /^QR code for DAY-/ })).toHaveCount(10)

  await page.goto('/upload')
  const analyse = page.getByRole('button', { name: 'Analyze Inventory' })
  await expect(analyse).toBeDisabled()
  await expect(page.getByText('Upload both images to start analysis')).toBeVisible()
  await page.getByLabel('Start of Day photo').setInputFiles(await photo(morning, 1, 'morning.jpg'))
  await expect(page.getByText('Click to change image')).toBeVisible()
  await page.getByLabel('End of Day photo').setInputFiles(await photo(evening, 2, 'evening.jpg'))
  await expect(analyse).toBeEnabled()
  await analyse.click()
  await expectToast(page, 'Analysis started', 'Uploading your photos and counting the stock.', 'success')
  // Decoding takes a second or two a photo; more when the other project's browser is analysing too.
  await expect(page).toHaveURL(/\/stocktakes\/[0-9a-f-]{36}$/, { timeout: 90_000 })
  await expectToast(page, 'Analysis complete', 'Check the counts, then confirm them.', 'success')

  // The review: counts per product, units gone, nothing changed yet.
  await expect(page.getByRole('heading', { name: 'Review stocktake' })).toBeVisible()
  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })
  await expect(row('Day Product 01').getByLabel('Start count for Day Product 01')).toHaveValue('5')
  await expect(row('Day Product 01').getByLabel('End count for Day Product 01')).toHaveValue('2')
  await expect(row('Day Product 01')).toContainText('3 sold or missing')
  await expect(row('Day Product 02')).toContainText('0 sold or missing')
  await expect(row('Day Product 03')).toContainText('2 sold or missing')
  await expect(page.getByRole('row')).toHaveCount(4)
  // A label on the shelf that is not in the catalogue yet: listed, not counted, one tap from being added.
  const unmatched = page.getByRole('region', { name: 'Codes that match no product' })
  await expect(unmatched).toContainText('NEW-TEA')
  await expect(unmatched.getByRole('link', { name: 'Add product' })).toHaveAttribute('href', '/app/products/new?sku=NEW-TEA')

  // One label was hidden behind another: the owner corrects the count.
  await row('Day Product 03').getByLabel('End count for Day Product 03').fill('2')
  await expect(row('Day Product 03')).toContainText('1 sold or missing')
  // A dashboard left open in another tab follows the confirmation without a reload.
  const dashboard = await context.newPage()
  await dashboard.goto('/dashboard')
  const openSold = statCard(dashboard, 'Items Sold Today')
  await expect(openSold).toContainText('No sales recorded today')
  await expect(openSold).not.toContainText('sold or missing')
  await page.bringToFront()
  await page.getByRole('button', { name: 'Confirm counts and update stock' }).click()
  await expectToast(page, 'Stock updated', 'Stocktake confirmed: stock updated for 2 products', 'success')
  await expect(page.getByText('Confirmed: these counts are in the stock ledger.')).toBeVisible()
  await expect(row('Day Product 03').getByLabel('End count for Day Product 03')).toHaveValue('2')
  await expect(row('Day Product 03').getByLabel('End count for Day Product 03')).toBeDisabled()
  await expect(openSold).toContainText('Also 4 units sold or missing, found by a photo stocktake')
  await dashboard.close()

  // The catalogue and the product's history agree.
  await page.goto('/app/products')
  await expect(card(page, 'Day Product 01')).toContainText('Stock: 2')
  await expect(card(page, 'Day Product 02')).toContainText('Stock: 4')
  await expect(card(page, 'Day Product 03')).toContainText('Stock: 2')
  await card(page, 'Day Product 01').getByRole('link', { name: 'Day Product 01', exact: true }).click()
  const history = page.getByRole('list', { name: 'Stock movements' }).getByRole('listitem')
  await expect(history.first()).toContainText('Sold or missing')
  await expect(history.first()).toContainText('−3')
  await expect(history.first()).toContainText('Photo count')

  // The dashboard agrees: nothing was sold through the till, 4 units went without a sale.
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  const stat = (title: string) => statCard(page, title)
  await expect(stat('Items Sold Today')).toContainText('No sales recorded today')
  await expect(stat('Items Sold Today')).toContainText('Also 4 units sold or missing, found by a photo stocktake')
  await expect(stat('Current Stock')).toContainText('78 units')
  await expect(stat('Current Stock')).toContainText('across 10 products')
  await expect(stat('Low Stock Items')).toContainText('2 products')
  await expect(stat('Last Scan')).not.toContainText('Never')
  const lowStock = page.getByRole('list', { name: 'Low stock products' }).getByRole('listitem')
  await expect(lowStock.getByRole('link')).toHaveText(['Day Product 01', 'Day Product 03'])
  const activity = page.getByRole('list', { name: 'Recent stock movements' }).getByRole('listitem')
  await expect(activity.filter({ hasText: 'Sold or missing' })).toHaveCount(2)
  await expect(activity.filter({ hasText: 'Day Product 01' }).first()).toContainText('−3')

  // And so does the day's report.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Report' }).click()])
  const report = readFileSync((await download.path())!, 'utf8')
  expect(report.startsWith('\uFEFF')).toBe(true)
  const record = (first: string) => report.split('\r\n').find((line) => line.startsWith(first))?.split(',')
  // Product, SKU, Opening, Received, Sold, Sold or missing, Other, Closing, Low stock
  expect(record('Day Product 01,')?.slice(4)).toEqual(['0', '3', expect.any(String), '2', 'yes'])
  expect(record('Day Product 02,')?.slice(4)).toEqual(['0', '0', expect.any(String), '4', 'no'])
  expect(record('Day Product 03,')?.slice(4)).toEqual(['0', '1', expect.any(String), '2', 'yes'])
  expect(record('All products,')?.slice(4)).toEqual(['0', '4', expect.any(String), '78', '2 low'])
})
