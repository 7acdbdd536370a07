import { expect, test, type Page } from '@playwright/test'
import { createOwner, type NewProduct } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

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

test('5,000 products: the first rows, more on request, search and filters work; the page ships little JavaScript @any-viewport', async ({ page }) => {
  test.setTimeout(120_000)
  const owner = await createOwner('scale', { shopName: 'Big Warehouse', products })
  await signIn(page, owner)
  await expect(page).toHaveURL('/app/products')

  // Timings live in `npm run bench`; this spec checks behaviour at scale.
  await page.goto('/app/products')
  await expect(page.getByText('5000 products')).toBeVisible()
  const names = page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 2 })
  await expect(names).toHaveCount(20)
  await page.getByRole('button', { name: 'Show more (4,980 left)' }).click()
  await expect(names).toHaveCount(40)
  await expect(names.last()).toHaveText('Item 0040')

  await page.getByRole('searchbox', { name: 'Search products' }).fill('sku-4321')
  await expect(names).toHaveText(['Item 4321'])
  await expect(page).toHaveURL('/app/products?q=sku-4321')

  // qty is the index mod 10: 500 products at 0, 1,500 at or below the threshold of 2.
  await page.goto('/app/products?stock=out&sort=changed')
  await expect(page.getByText('500 products')).toBeVisible()
  await page.getByRole('group', { name: 'Stock' }).getByRole('button', { name: 'Low stock' }).click()
  await expect(page.getByText('1500 products')).toBeVisible()

  const catalogue = await scriptBytes(page, '/app/products')
  // The 404 page is the bare page of the same build: root layout and nothing else.
  const bare = await scriptBytes(page, '/no-such-page')
  const figures = `/app/products ${catalogue} B, bare 404 page ${bare} B (${(catalogue / bare).toFixed(2)}×)`
  test.info().annotations.push({ type: 'first-load JS', description: figures })
  console.log(`first-load JS: ${figures}`)
  expect(catalogue).toBeLessThanOrEqual(bare * 1.5)
})
