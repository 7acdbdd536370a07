import { expect, test, type Locator, type Page } from '@playwright/test'
import { OWNER_STATE } from '../_helpers/catalogue'
import { createOwner } from '../_helpers/stack'
import { controlsPastRightEdge, productCard, productRowsOnScreen, signIn } from '../_helpers/ui'

test.use({ storageState: OWNER_STATE })

const card = productCard

/** The element's background or text colour as [r, g, b], whatever colour space the CSS used. */
function rgb(locator: Locator, property: 'backgroundColor' | 'color' = 'backgroundColor') {
  return locator.evaluate((element, name) => {
    const context = document.createElement('canvas').getContext('2d')!
    context.fillStyle = getComputedStyle(element)[name]
    context.fillRect(0, 0, 1, 1)
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3))
  }, property)
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search products' })
  // the spec's placeholder, word for word
  await expect(box).toHaveAttribute('placeholder', 'Search products...')
  await box.fill(text)
}

const names = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 2 })

test('each row shows name, SKU, stock (green when normal) and a red Low Stock or Out of Stock badge', async ({ page }) => {
  await page.goto('/app/products')
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible()
  await expect(page.getByText('30 products')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add Product' })).toBeVisible()

  const milk = card(page, 'Whole Milk 1L')
  await expect(milk).toContainText('SKU: MILK-1L')
  await expect(milk).toContainText('Stock: 14')
  const [r, g, b] = await rgb(milk.getByText('Stock: 14'), 'color')
  expect(g).toBeGreaterThan(Math.max(r!, b!))
  await expect(milk.getByRole('img', { name: 'Whole Milk 1L' })).toBeVisible()
  await expect(milk.getByText('Low Stock')).toHaveCount(0)
  await expect(milk.getByRole('button', { name: 'Sold 1 Whole Milk 1L' })).toBeVisible()
  await expect(milk.getByRole('button', { name: 'Add one Whole Milk 1L' })).toBeVisible()

  // qty 3, threshold 3: "at or below" is low
  for (const [name, text] of [
    ['Ground Coffee 227g', 'Low Stock'],
    ['Sourdough Loaf', 'Low Stock'],
    ['Oat Milk 1L', 'Low Stock'],
    ['Dark Chocolate Bar', 'Out of Stock'],
  ] as const) {
    const badge = card(page, name).getByText(text)
    await expect(badge).toBeVisible()
    const [red, green, blue] = await rgb(badge)
    expect(red).toBeGreaterThan(150)
    expect(Math.max(green!, blue!)).toBeLessThan(100)
  }
  await expect(card(page, 'Dark Chocolate Bar')).toContainText('Stock: 0')
  await expect(card(page, 'Dark Chocolate Bar').getByRole('button', { name: 'Sold 1 Dark Chocolate Bar' })).toBeDisabled()
})

test('at 390 × 844 at least six products fit on the screen, above the tab bar, and nothing runs off its right edge', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/products')
  const whole = await productRowsOnScreen(page)
  test.info().annotations.push({ type: 'rows on one screen', description: String(whole) })
  expect(whole).toBeGreaterThanOrEqual(6)
  expect(await controlsPastRightEdge(page)).toEqual([])
  // The catalogue's tools are one menu at the top, whole within the width.
  await expect(page.getByRole('button', { name: 'Tools' })).toBeInViewport({ ratio: 1 })
})

test('search filters by name as you type, ignoring case, and keeps the query in the URL @any-viewport', async ({ page }) => {
  await page.goto('/app/products')
  await search(page, 'MILK')
  await expect(names(page)).toHaveText(['Oat Milk 1L', 'Whole Milk 1L'])
  await expect(page).toHaveURL('/app/products?q=MILK')
  await expect(page.getByText('2 products matching "MILK"')).toBeVisible()
})

test('search filters by SKU, case-insensitive @any-viewport', async ({ page }) => {
  await page.goto('/app/products')
  await search(page, 'bread-sd')
  await expect(names(page)).toHaveText(['Sourdough Loaf'])
})

test('a search with no match quotes the search text @any-viewport', async ({ page }) => {
  await page.goto('/app/products')
  await search(page, 'xyz')
  await expect(page.getByText('No products match "xyz"')).toBeVisible()
})

test('search text is taken literally (wildcards, commas, quotes, NUL) @any-viewport', async ({ page }) => {
  for (const text of ['%', '_', 'milk,sku', '"milk"', 'a)b(']) {
    await page.goto(`/app/products?q=${encodeURIComponent(text)}`)
    await expect(page.getByText(`No products match "${text}"`)).toBeVisible()
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue(text)
  }
  const response = await page.goto('/app/products?q=%00milk')
  expect(response?.status()).toBe(200)
  await expect(names(page)).toHaveText(['Oat Milk 1L', 'Whole Milk 1L'])
})

test('the stock filters and sorting show the right products, live in the URL, and back and forward work @any-viewport', async ({ page }) => {
  await page.goto('/app/products')
  const filters = page.getByRole('group', { name: 'Stock' })
  await filters.getByRole('button', { name: 'Low stock' }).click()
  await expect(page).toHaveURL('/app/products?stock=low')
  await expect(names(page)).toHaveText(['Dark Chocolate Bar', 'Ground Coffee 227g', 'Oat Milk 1L', 'Sourdough Loaf'])
  await expect(filters.getByRole('button', { name: 'Low stock' })).toHaveAttribute('aria-pressed', 'true')
  await filters.getByRole('button', { name: 'Out of stock' }).click()
  await expect(names(page)).toHaveText(['Dark Chocolate Bar'])
  await filters.getByRole('button', { name: 'All' }).click()
  await expect(page.getByText('30 products', { exact: true })).toBeVisible()

  await page.getByLabel('Sort by').selectOption({ label: 'Sort: Stock' })
  await expect(page).toHaveURL('/app/products?sort=stock')
  await expect(names(page).first()).toHaveText('Dark Chocolate Bar')
  await expect(names(page).nth(1)).toHaveText('Oat Milk 1L')

  await page.goBack()
  await expect(page).toHaveURL('/app/products')
  await expect(names(page).first()).toHaveText('Dark Chocolate Bar')
  await expect(names(page).nth(1)).toHaveText('Ground Coffee 227g')
  await page.goBack()
  await expect(page).toHaveURL('/app/products?stock=out')
  await expect(names(page)).toHaveText(['Dark Chocolate Bar'])
  await page.goForward()
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByText('30 products', { exact: true })).toBeVisible()

  await page.goto('/app/products?stock=low&sort=stock')
  await expect(names(page)).toHaveText(['Dark Chocolate Bar', 'Oat Milk 1L', 'Ground Coffee 227g', 'Sourdough Loaf'])
  await expect(page.getByLabel('Sort by')).toHaveValue('stock')
})

test('back from a product returns to the search @any-viewport', async ({ page }) => {
  await page.goto('/app/products')
  await search(page, 'tin 2')
  await expect(page).toHaveURL('/app/products?q=tin+2')
  await page.getByRole('link', { name: 'Yellow Tin 21', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Yellow Tin 21', level: 1 })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('tin 2')
  await expect(names(page)).toHaveText(['Yellow Tin 20', 'Yellow Tin 21', 'Yellow Tin 22', 'Yellow Tin 23', 'Yellow Tin 24'])
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
    await signIn(page, owner)
    await expect(page).toHaveURL('/app/products')
    await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add Your First Product' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add Product', exact: true })).toBeVisible()
  })
})
