import { readFileSync } from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSidewaysScroll } from '../_helpers/review'
import { createOwner } from '../_helpers/stack'
import { signIn, textsCutOff } from '../_helpers/ui'

// Every page within reach on a phone: the tabs, "More" for the rest, the
// catalogue's tools at the top of the list, and its controls whole on screen.

/** The element lies wholly inside the window as laid out now, not scrolled to (to a rounding error of the menus' positions). */
async function expectWhollyOnScreen(page: Page, target: Locator) {
  const box = (await target.boundingBox())!
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: window.innerHeight }))
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(-0.5)
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(width + 0.5)
  expect(box.y, 'top edge').toBeGreaterThanOrEqual(-0.5)
  expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(height + 0.5)
}

test('the tabs are Products, Scan, Dashboard, Upload Photos and More; More is a menu of every other page, by touch and by keyboard', async ({ page, isMobile }) => {
  const owner = await createOwner('more-tab', { products: [{ name: 'Menu Tea', sku: 'MENU-1', qty: 3, low_stock_threshold: 1 }] })
  await signIn(page, owner, '/dashboard')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('listitem')).toHaveText(['Products', 'Scan', 'Dashboard', 'Upload Photos', 'More'])
  const more = nav.getByRole('button', { name: 'More' })
  await expect(more).toHaveAttribute('aria-haspopup', 'menu')
  await expect(more).toHaveAttribute('aria-expanded', 'false')
  if (isMobile) {
    // the bar along the bottom: five equal tabs, each whole on screen and tall enough for a thumb
    const viewport = page.viewportSize()!
    const bar = (await nav.boundingBox())!
    expect(Math.round(bar.y + bar.height)).toBe(viewport.height)
    const tabs = await nav.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect))
    for (const tab of tabs) {
      expect(tab.width).toBeCloseTo(viewport.width / 5, 0)
      expect(tab.height).toBeGreaterThanOrEqual(44)
    }
  }

  await more.click()
  const menu = page.getByRole('menu', { name: 'More' })
  await expect(menu.getByRole('menuitem')).toHaveText(['Reports', 'Orders', 'Reorder', 'Suppliers', 'Settings'])
  for (const item of await menu.getByRole('menuitem').all()) await expectWhollyOnScreen(page, item)
  await menu.getByRole('menuitem', { name: 'Settings' }).click()
  await expect(page).toHaveURL('/settings')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  // the page is marked as the current one in the menu
  await more.click()
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(more).toBeFocused()

  // The keyboard: Enter opens it on its first page, the arrows move, Enter goes there.
  await page.keyboard.press('Enter')
  await expect(menu.getByRole('menuitem', { name: 'Reports' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Orders' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/app/purchase-orders')
})

/** An owner with a dozen products in two categories, on /app/products. */
async function onCatalogue(page: Page, tag: string) {
  const owner = await createOwner(tag, {
    products: Array.from({ length: 12 }, (_, i) => ({
      name: `Tool Product ${i + 1}`,
      sku: `TOOL-${i + 1}`,
      qty: 10 + i,
      low_stock_threshold: 2,
      category: i % 2 ? 'Household & Cleaning' : 'Drinks',
    })),
  })
  await signIn(page, owner, '/app/products')
  await expect(page).toHaveURL('/app/products')
  const list = page.getByRole('list', { name: 'Products' })
  await expect(list.getByRole('listitem').first()).toBeVisible()
  return list
}

test('the catalogue’s tools are a menu at the top of the list', async ({ page }) => {
  const list = await onCatalogue(page, 'tools-menu')
  // on the first screen, above the list, with no tool left below it
  const tools = page.getByRole('button', { name: 'Tools' })
  await expect(tools).toBeInViewport({ ratio: 1 })
  expect((await tools.boundingBox())!.y).toBeLessThan((await list.boundingBox())!.y)
  for (const name of ['Import CSV', 'Export CSV', 'Print labels', 'Suppliers', 'Reorder', 'Orders']) {
    await expect(page.getByRole('link', { name })).toHaveCount(0)
  }
  await expect(tools).toHaveAttribute('aria-haspopup', 'menu')
  await tools.click()
  const menu = page.getByRole('menu', { name: 'Tools' })
  await expect(menu.getByRole('menuitem')).toHaveText(['Import CSV', 'Export CSV', 'Print labels', 'Suppliers', 'Reorder', 'Orders'])
  for (const item of await menu.getByRole('menuitem').all()) await expectWhollyOnScreen(page, item)
  // Export CSV from the menu is the catalogue's file
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: 'Export CSV' }).click()])
  expect(readFileSync((await download.path())!, 'utf8')).toContain('Tool Product 12')
  await expect(menu).toBeHidden()
  await tools.click()
  await menu.getByRole('menuitem', { name: 'Print labels' }).click()
  await expect(page).toHaveURL('/app/products/labels')
})

/** Every control of the search row and the filter row above the list. */
async function filterRow(page: Page) {
  const chips = await page.getByRole('group', { name: 'Stock' }).getByRole('button').all()
  return [page.getByRole('searchbox', { name: 'Search products' }), page.getByLabel('Sort by'), page.getByLabel('Category'), ...chips]
}

test('on a Pixel 7, "Search products...", "Sort: Name", "All categories" and the stock filters are whole on the screen, as laid out and not scrolled to', async ({ page, isMobile }) => {
  test.skip(!isMobile, "the phone's width is what is measured")
  const list = await onCatalogue(page, 'sort-whole')
  const sort = page.getByLabel('Sort by')
  await expect(sort).toHaveValue('name')
  await expect(sort.locator('option:checked')).toHaveText('Sort: Name')
  await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('All categories')
  expect(page.viewportSize()!.width).toBe(412)
  const controls = await filterRow(page)
  expect(controls).toHaveLength(6)
  for (const control of controls) await expectWhollyOnScreen(page, control)
  await expect(controls[0]!).toHaveAttribute('placeholder', 'Search products...')
  expect(await textsCutOff(controls[0]!)).toEqual([])
  // every order the sort offers reads whole in its box
  expect(await textsCutOff(sort)).toEqual([])
  // one line for the search, the scan button and the sort on a Pixel 7: the list keeps its room
  const [search, sortBox] = [(await controls[0]!.boundingBox())!, (await sort.boundingBox())!]
  expect(sortBox.y).toBeCloseTo(search.y, 0)
  // the stock filters and the category share one line: the list keeps its room
  const [chip, category] = [(await controls.at(-1)!.boundingBox())!, (await page.getByLabel('Category').boundingBox())!]
  expect(category.y).toBeCloseTo(chip.y, 0)
  // a small phone too: the title row, the search row and the filters fit its width
  await page.setViewportSize({ width: 360, height: 740 })
  for (const control of [...controls, page.getByRole('button', { name: 'Tools' }), page.getByRole('link', { name: 'Add Product' })]) await expectWhollyOnScreen(page, control)
  expect(await textsCutOff(controls[0]!)).toEqual([])
  await expectNoSidewaysScroll(page)
  await sort.selectOption({ label: 'Sort: Stock' })
  await expect(page).toHaveURL('/app/products?sort=stock')
  await expect(list.getByRole('heading').first()).toHaveText('Tool Product 1')
})

test('toasts open below the header, two at once too: Sign Out stays in reach while they show', async ({ page }) => {
  // two sales of two products: a toast each (a form's errors share one toast)
  const products = ['Toast Cola', 'Toast Crisps'].map((name, i) => ({ name, sku: `TOAST-${i}`, qty: 5, low_stock_threshold: 1 }))
  const owner = await createOwner('toast-below', { products })
  await signIn(page, owner, '/app/products')
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: 'Sold 1 × Toast' })
  for (const [index, { name }] of products.entries()) {
    await page.getByRole('button', { name: `Sold 1 ${name}` }).click()
    await expect(toasts).toHaveCount(index + 1)
    await expect(toasts.nth(index)).toHaveAttribute('data-mounted', 'true')
  }
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  const header = (await page.getByRole('banner').boundingBox())!
  for (const toast of await toasts.all()) {
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height)
    // its close button too, which sits over the toast's corner
    expect((await toast.getByRole('button', { name: 'Close toast' }).boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height)
  }
  await page.getByRole('button', { name: 'Sign Out' }).click({ trial: true })
})

test('a tapped link says its page is on the way until the page arrives: a page from Tools and from More, a tab, a report period', async ({ page }) => {
  const owner = await createOwner('pending-links', { products: [{ name: 'Pending Tea', sku: 'PEND-1', qty: 3, low_stock_threshold: 1 }] })
  await signIn(page, owner, '/app/products')
  // Hold every answer for one page until the test lets it through.
  const hold = async (pattern: RegExp) => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(pattern, async (route) => {
      await held
      await route.continue()
    })
    // let through: this and every later answer for the page
    return () => release()
  }
  const nav = page.getByRole('navigation', { name: 'Main' })
  const pending = page.locator('[data-link-pending]')
  await expect(pending).toHaveCount(0)

  // a page from the catalogue's Tools menu: the menu closes, its button shows the page is on the way
  let release = await hold(/\/app\/reorder(\?|$)/)
  await page.getByRole('button', { name: 'Tools' }).click()
  await page.getByRole('menuitem', { name: 'Reorder' }).click()
  await expect(page.getByRole('button', { name: 'Tools' }).locator('[data-link-pending]')).toBeVisible()
  release()
  await expect(page.getByRole('heading', { name: 'Reorder', level: 1 })).toBeVisible()
  await expect(pending).toHaveCount(0)

  release = await hold(/\/reports(\?|$)/)
  await nav.getByRole('button', { name: 'More' }).click()
  await page.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name: 'Reports' }).click()
  await expect(nav.getByRole('button', { name: 'More' }).locator('[data-link-pending]')).toBeVisible()
  release()
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  await expect(pending).toHaveCount(0)

  release = await hold(/\/reports\?range=30d/)
  const period = page.getByRole('navigation', { name: 'Report period' })
  await period.getByRole('link', { name: '30 days' }).click()
  await expect(period.getByRole('link', { name: '30 days' }).locator('[data-link-pending]')).toBeVisible()
  release()
  await expect(period.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page')
  await expect(pending).toHaveCount(0)

  release = await hold(/\/dashboard(\?|$)/)
  await nav.getByRole('link', { name: 'Dashboard' }).click()
  await expect(nav.getByRole('link', { name: 'Dashboard' }).locator('[data-link-pending]')).toBeVisible()
  release()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(pending).toHaveCount(0)
  // Back on a page it was pending from, nothing shows as on its way.
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  await expect(pending).toHaveCount(0)
})
