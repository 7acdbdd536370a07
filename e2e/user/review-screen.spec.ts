import { expect, test } from '@playwright/test'
import { reviewOf } from '../_helpers/review'

// The stocktake review on a phone: the screen is the review's, with Confirm in reach.

test('the review has the screen to itself on a phone: no tab bar, and its footer at most 15% of the height', async ({ page, isMobile }) => {
  await reviewOf(page, 'review-screen', [{ name: 'Screen Tea', sku: 'SCR-TEA', qty: 9, low_stock_threshold: 1 }], {
    start: { 'SCR-TEA': 6 },
    end: { 'SCR-TEA': 4 },
  })
  const footer = page.getByRole('region', { name: 'Confirm the stocktake' })
  const confirm = footer.getByRole('button', { name: 'Confirm counts and update stock' })
  await expect(confirm).toBeInViewport({ ratio: 1 })
  const viewport = page.viewportSize()!
  const { height } = (await footer.boundingBox())!
  test.info().annotations.push({ type: 'footer height', description: `${height} px of ${viewport.height} (${((100 * height) / viewport.height).toFixed(1)}%)` })
  // two facts of one screen, each checked whatever the other shows
  expect.soft(height).toBeLessThanOrEqual(0.15 * viewport.height)
  if (isMobile) {
    await expect.soft(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    // the footer sits on the screen's bottom edge, with nothing under it
    expect.soft(Math.round((await footer.boundingBox())!.y + height)).toBe(viewport.height)
  } else {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload Photos' })).toBeVisible()
  }
  // Everywhere else the phone's tabs are back.
  await page.getByRole('link', { name: 'Upload Photos' }).first().click()
  await expect(page).toHaveURL('/upload')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
})

