import { expect, test, type Page } from '@playwright/test'
import { createOwner, type NewProduct } from '../_helpers/stack'
import { signInThroughUi } from '../_helpers/ui'

const products: NewProduct[] = Array.from({ length: 5000 }, (_, index) => {
  const n = String(index + 1).padStart(4, '0')
  return { name: `Item ${n}`, sku: `SKU-${n}`, qty: index % 10, low_stock_threshold: 2 }
})

/** Bytes of JavaScript the page loaded (body size, so cached chunks count too). */
async function scriptBytes(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('load')
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).decodedBodySize, 0),
  )
}

test('5,000 products: first page, last page and search work; the page ships little JavaScript', async ({ page }) => {
  test.setTimeout(120_000)
  const owner = await createOwner('scale', { shopName: 'Big Warehouse', products })
  await signInThroughUi(page, owner)
  await expect(page).toHaveURL('/app/products')

  // Timings live in `npm run bench`; this spec checks behaviour at scale.
  await page.goto('/app/products')
  await expect(page.getByText('5000 products')).toBeVisible()
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(24)

  await page.goto('/app/products?page=209')
  await expect(page.getByText('Page 209 of 209')).toBeVisible()
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Item 4993', 'Item 4994', 'Item 4995', 'Item 4996', 'Item 4997', 'Item 4998', 'Item 4999', 'Item 5000'])

  await page.getByPlaceholder('Search products...').fill('sku-4321')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Item 4321'])

  const catalogue = await scriptBytes(page, '/app/products')
  // The 404 page is the bare page of the same build: root layout and nothing else.
  const bare = await scriptBytes(page, '/no-such-page')
  const figures = `/app/products ${catalogue} B, bare 404 page ${bare} B (${(catalogue / bare).toFixed(2)}×)`
  test.info().annotations.push({ type: 'first-load JS', description: figures })
  console.log(`first-load JS: ${figures}`)
  expect(catalogue).toBeLessThanOrEqual(bare * 1.5)
})
