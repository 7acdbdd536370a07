import { expect, test, type Locator, type Page } from '@playwright/test'
import { OWNER_STATE } from '../_helpers/catalogue'
import { createOwner } from '../_helpers/stack'
import { productCard, signInThroughUi } from '../_helpers/ui'

test.use({ storageState: OWNER_STATE })

const card = productCard

/** The element's background as [r, g, b], whatever colour space the CSS used. */
function backgroundRgb(locator: Locator) {
  return locator.evaluate((element) => {
    const context = document.createElement('canvas').getContext('2d')!
    context.fillStyle = getComputedStyle(element).backgroundColor
    context.fillRect(0, 0, 1, 1)
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3))
  })
}

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Search products...').fill(text)
}

test('the grid shows name, SKU, stock and a red Low Stock badge at or below the threshold', async ({ page }) => {
  await page.goto('/app/products')
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible()
  await expect(page.getByText('30 products')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add Product' })).toBeVisible()

  const milk = card(page, 'Whole Milk 1L')
  await expect(milk).toContainText('SKU: MILK-1L')
  await expect(milk).toContainText('Stock: 14')
  await expect(milk.getByText('In Stock')).toBeVisible()
  const [r, g, b] = await backgroundRgb(milk.getByText('In Stock'))
  expect(g).toBeGreaterThan(Math.max(r!, b!))
  await expect(milk.getByRole('img', { name: 'Whole Milk 1L' })).toBeVisible()
  await expect(milk.getByText('Low Stock')).toHaveCount(0)

  // qty 3, threshold 3: "at or below" is low
  for (const name of ['Ground Coffee 227g', 'Sourdough Loaf', 'Dark Chocolate Bar', 'Oat Milk 1L']) {
    const badge = card(page, name).getByText('Low Stock')
    await expect(badge).toBeVisible()
    const [red, green, blue] = await backgroundRgb(badge)
    expect(red).toBeGreaterThan(150)
    expect(Math.max(green!, blue!)).toBeLessThan(100)
  }
  await expect(card(page, 'Dark Chocolate Bar')).toContainText('Stock: 0')
})

test('search filters by name, case-insensitive, on the server', async ({ page }) => {
  await page.goto('/app/products')
  await search(page, 'MILK')
  await expect(page).toHaveURL('/app/products?q=MILK')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Oat Milk 1L', 'Whole Milk 1L'])
})

test('search filters by SKU, case-insensitive', async ({ page }) => {
  await page.goto('/app/products')
  await search(page, 'bread-sd')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Sourdough Loaf'])
})

test('a search with no match quotes the search text', async ({ page }) => {
  await page.goto('/app/products')
  await search(page, 'xyz')
  await expect(page.getByText('No products match "xyz"')).toBeVisible()
})

test('search text is taken literally (wildcards, commas, quotes)', async ({ page }) => {
  for (const text of ['%', '_', 'milk,sku', '"milk"', 'a)b(']) {
    await page.goto(`/app/products?q=${encodeURIComponent(text)}`)
    await expect(page.getByText(`No products match "${text}"`)).toBeVisible()
  }
})

test('the grid is paginated: 24 a page', async ({ page }) => {
  await page.goto('/app/products')
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(24)
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL('/app/products?page=2')
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(6)
  await page.getByRole('link', { name: 'Previous' }).click()
  await expect(page).toHaveURL('/app/products')
})

test('a page number past the end (or absurd) shows the first page', async ({ page }) => {
  for (const number of ['3', '999999999999999999999', 'abc']) {
    await page.goto(`/app/products?page=${number}`)
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
  }
})

test("the page streams 'Loading products...' with a spinner while the catalogue loads", async ({ page }) => {
  const response = await page.request.get('/app/products')
  const html = await response.text()
  expect(html).toContain('Loading products...')
  expect(html).toMatch(/role="status"[^>]*>.*animate-spin/s)
})

test.describe('a shop with no products', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test("shows 'No products yet' and 'Add Your First Product'", async ({ page }) => {
    const owner = await createOwner('empty', { shopName: 'Empty Shelves' })
    await signInThroughUi(page, owner)
    await expect(page).toHaveURL('/app/products')
    await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add Your First Product' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add Product', exact: true })).toBeVisible()
  })
})
