import { expect, test, type Locator, type Page } from '@playwright/test'
import { createOwner } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

// Every page within reach on a phone: the tabs, and "More" for the rest.

/** The element lies wholly inside the window as laid out now, not scrolled to (to a rounding error of the menus' positions). */
async function expectWhollyOnScreen(page: Page, target: Locator) {
  const box = (await target.boundingBox())!
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: window.innerHeight }))
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(-0.5)
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(width + 0.5)
  expect(box.y, 'top edge').toBeGreaterThanOrEqual(-0.5)
  expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(height + 0.5)
}

test('the tabs are Products, Dashboard, Upload Photos and More; More is a menu of every other page, by touch and by keyboard', async ({ page, isMobile }) => {
  const owner = await createOwner('more-tab', { products: [{ name: 'Menu Tea', sku: 'MENU-1', qty: 3, low_stock_threshold: 1 }] })
  await signIn(page, owner, '/dashboard')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('listitem')).toHaveText(['Products', 'Dashboard', 'Upload Photos', 'More'])
  const more = nav.getByRole('button', { name: 'More' })
  await expect(more).toHaveAttribute('aria-haspopup', 'menu')
  await expect(more).toHaveAttribute('aria-expanded', 'false')
  if (isMobile) {
    // the bar along the bottom: four equal tabs, each whole on screen and tall enough for a thumb
    const viewport = page.viewportSize()!
    const bar = (await nav.boundingBox())!
    expect(Math.round(bar.y + bar.height)).toBe(viewport.height)
    const tabs = await nav.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect))
    for (const tab of tabs) {
      expect(tab.width).toBeCloseTo(viewport.width / 4, 0)
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
