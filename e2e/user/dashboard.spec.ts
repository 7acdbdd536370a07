import { readFileSync } from 'node:fs'
import { axe } from '../_helpers/axe'
import { expect, test, type Page } from '@playwright/test'
import { catalogue, OWNER_STATE } from '../_helpers/catalogue'
import { createOwner, newCredentials } from '../_helpers/stack'
import { signIn, signUpThroughUi, statCard } from '../_helpers/ui'

const card = statCard

/** Units in the 'Items Sold Today' card: 0 while it says no sales were recorded. */
async function soldToday(page: Page): Promise<number> {
  const text = await card(page, 'Items Sold Today').innerText()
  return text.includes('No sales recorded today') ? 0 : Number(/([\d,]+) units?/.exec(text)![1]!.replaceAll(',', ''))
}

test.describe('a new shop', () => {
  test('sees empty states that say what to do, not zeros', async ({ page }) => {
    await signUpThroughUi(page, newCredentials('dash-new'))
    const dialog = page.getByRole('dialog', { name: 'Create Your Shop' })
    await dialog.getByLabel('Shop Name').fill('Fresh Start')
    await dialog.getByRole('button', { name: 'Create Shop' }).click()
    await expect(page).toHaveURL('/app/products')

    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Today at a glance' }).getByRole('listitem')).toHaveCount(4)
    await expect(card(page, 'Items Sold Today')).toContainText('No sales recorded today')
    await expect(card(page, 'Current Stock')).toContainText('No products yet')
    await expect(card(page, 'Low Stock Items')).toContainText('Nothing is low on stock')
    await expect(card(page, 'Last Scan')).toContainText('Never')
    const scan = card(page, 'Last Scan').getByRole('link', { name: 'No stocktake yet — photograph your shelves' })
    await expect(scan).toHaveAttribute('href', '/upload')
    await expect(page.getByRole('region', { name: 'Low Stock Alerts' })).toContainText('Nothing is low on stock')
    await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText('No stock changes yet')
    await expect(page.getByRole('progressbar')).toHaveCount(0)
  })
})

test.describe('the stocked shop', () => {
  test.use({ storageState: OWNER_STATE })

  test('low-stock alerts and recent activity agree with the catalogue', async ({ page }) => {
    await page.goto('/dashboard')
    const alerts = page.getByRole('region', { name: 'Low Stock Alerts' })
    const items = alerts.getByRole('list', { name: 'Low stock products' }).getByRole('listitem')
    // Emptiest first; no targets are set, so optimal is twice the low-stock level.
    await expect(items).toHaveCount(4)
    await expect(items.getByRole('link')).toHaveText(['Dark Chocolate Bar', 'Oat Milk 1L', 'Sourdough Loaf', 'Ground Coffee 227g'])
    await expect(items.nth(1)).toContainText('Current: 2 · Optimal: 8 (no target set)')
    const bars = alerts.getByRole('progressbar')
    await expect(bars).toHaveCount(4)
    for (const [index, percent] of ['0', '25', '38', '50'].entries()) await expect(bars.nth(index)).toHaveAttribute('aria-valuenow', percent)
    await expect(bars.nth(1)).toHaveAccessibleName('Oat Milk 1L stock level')
    await expect(alerts).toContainText('where no target is set, it is twice the low-stock level')
    await expect(card(page, 'Low Stock Items')).toContainText('4 products')
    await expect(card(page, 'Current Stock')).toContainText('across 30 products. Add unit costs to see the stock value.')
    await expect(card(page, 'Last Scan')).toContainText('Never')

    const activity = page.getByRole('region', { name: 'Recent Activity' }).getByRole('list', { name: 'Recent stock movements' }).getByRole('listitem')
    await expect(activity.first()).toBeVisible()
    expect(await activity.count()).toBeLessThanOrEqual(20)
    for (const item of await activity.all()) {
      const name = await item.getByRole('link').innerText()
      const text = await item.innerText()
      if (text.includes('Opening stock')) expect(text).toContain(`+${catalogue.find((product) => product.name === name)!.qty}`)
    }

    const { violations } = await (await axe(page)).analyze()
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])
  })

  test('the figures come with the page: no loading state, no fetch after it @any-viewport', async ({ page }) => {
    const actions: string[] = []
    page.on('request', (request) => {
      if (request.headers()['next-action']) actions.push(request.url())
    })
    const response = await page.goto('/dashboard')
    const html = await response!.text()
    expect(html).toContain('Items Sold Today')
    expect(html).not.toContain('Loading dashboard...')
    await expect(card(page, 'Current Stock')).toContainText('across 30 products')
    await page.waitForLoadState('networkidle')
    expect(actions).toEqual([])
  })

  test('Export Report downloads the day as CSV @any-viewport', async ({ page }) => {
    await page.goto('/dashboard')
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export Report' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^shelfsnap-day-by-product-\d{4}-\d{2}-\d{2}\.csv$/)
    const bytes = readFileSync((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').split('\r\n')
    expect(lines[0]).toMatch(/^Daily stock report,Corner Shop E2E,\d{4}-\d{2}-\d{2},/)
    expect(lines[2]).toBe(
      'Product,SKU,Opening qty,Opening stock of new product,Received,Returned,Sold,Sold or missing (stocktake),Missing (stocktake),Damaged or lost,Count corrections,Closing qty,Low stock',
    )
    // Closing quantities as in the catalogue, and low as in the Low Stock Alerts on screen.
    expect(lines).toContainEqual(expect.stringMatching(/^Oat Milk 1L,OAT-1L,\d+,\d+,0,0,0,0,0,0,-?\d+,2,yes$/))
    expect(lines).toContainEqual(expect.stringMatching(/^Whole Milk 1L,MILK-1L,\d+,\d+,0,0,0,0,0,0,-?\d+,14,no$/))
    const alerts = page.getByRole('list', { name: 'Low stock products' }).getByRole('listitem')
    const lowInFile = lines.filter((line) => line.endsWith(',yes')).map((line) => line.split(',')[0])
    expect([...lowInFile].sort()).toEqual((await alerts.getByRole('link').allTextContents()).sort())
    expect(lines.find((line) => line.startsWith('All products,'))).toMatch(/,4 low$/)
    expect(lines).toContain('Time,Product,SKU,Reason,Change,Qty after,Source,Note,,,,,')
  })
})

test('the report needs a signed-in owner', async ({ request }) => {
  const response = await request.get('/dashboard/report', { maxRedirects: 0 })
  expect(response.status()).toBe(307)
  expect(response.headers().location).toMatch(/\/auth\?next=%2Fdashboard%2Freport$/)
})

test("the benches' baselines answer 404 outside the bench", async ({ request }) => {
  for (const name of ['dashboard', 'products']) expect((await request.get(`/api/bench/${name}`)).status()).toBe(404)
  expect((await request.get('/bench/shell')).status()).toBe(404)
  expect((await request.get('/bench/floor')).status()).toBe(404)
})

test.describe('a shop of its own', () => {
  test("a sale on the product page shows in 'Items Sold Today' without a reload @any-viewport", async ({ page, context }) => {
    // An owner of its own: the setup owner's stock is what the labels spec counts.
    const tin = 'Yellow Tin 11'
    const owner = await createOwner('sale', { products: [{ name: tin, sku: 'TIN-11', qty: 20, low_stock_threshold: 2 }] })
    await signIn(page, owner, '/dashboard')
    await expect(card(page, 'Items Sold Today')).toBeVisible()
    const before = await soldToday(page)

    const shop = await context.newPage()
    await shop.goto(`/app/products?q=${encodeURIComponent(tin)}`)
    await shop.getByRole('link', { name: tin, exact: true }).click()
    await expect(shop.getByRole('heading', { name: tin, level: 1 })).toBeVisible()
    const saved = shop.waitForResponse((response) => response.request().method() === 'POST' && !!response.request().headers()['next-action'])
    await shop.getByRole('button', { name: `Sold 1 ${tin}` }).click()
    await saved

    // What a page that changes stock sends; the dashboard listens on the channel.
    await shop.evaluate(() => new BroadcastChannel('shelfsnap-stock').postMessage({ type: 'stock-changed' }))
    await expect.poll(() => soldToday(page)).toBeGreaterThanOrEqual(before + 1)
    const recent = page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem').filter({ hasText: tin })
    await expect(recent.filter({ hasText: 'Sold' }).first()).toContainText('−1')

    // Coming back to the tab refetches too.
    const afterFirst = await soldToday(page)
    const savedAgain = shop.waitForResponse((response) => response.request().method() === 'POST' && !!response.request().headers()['next-action'])
    await shop.getByRole('button', { name: `Sold 1 ${tin}` }).click()
    await savedAgain
    await page.bringToFront()
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect.poll(() => soldToday(page)).toBeGreaterThanOrEqual(afterFirst + 1)
    expect(page.url()).toMatch(/\/dashboard$/)
  })
})
