// A tap whose answer does not come (the backend froze) is not "not changed": it may already be
// booked. It is sent again with the same request id until the server answers, and booked once.
import { expect, test } from '@playwright/test'
import { freezeBackendFor, thawBackendFor } from '../_helpers/backend'
import { movementsOf, ownerWithCatalogue } from '../_helpers/catalogue'
import { expectToast, productCard } from '../_helpers/ui'

test('a sale tapped while the backend is frozen shows Saving…, is sent again, and is booked once after the thaw @any-viewport', async ({ page }) => {
  // the app server's deadline for the backend (8 s) is waited out at least once
  test.setTimeout(120_000)
  const owner = await ownerWithCatalogue(page, 'frozen-tap', [{ name: 'Cola Can', sku: 'COLA', qty: 5, low_stock_threshold: 1 }])
  const cola = productCard(page, 'Cola Can')
  let sends = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.headers()['next-action']) sends++
  })

  await freezeBackendFor(owner)
  try {
    await cola.getByRole('button', { name: 'Sold 1 Cola Can' }).click()
    await expect(cola).toContainText('Stock: 4')
    await expect(cola.getByText('Saving…')).toBeVisible()
    // The app server gives up on the backend after its deadline; the tap goes again, never "not changed".
    await expect.poll(() => sends, { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
    await expect(cola.getByText('Saving…')).toBeVisible()
    await expect(cola).toContainText('Stock: 4')
    await expect(page.getByText('Stock not changed')).toHaveCount(0)
  } finally {
    await thawBackendFor(owner)
  }

  await expectToast(page, 'Sold 1 × Cola Can', 'Stock is now 4', 'success')
  await expect(cola.getByText('Saving…')).toHaveCount(0)
  await expect(cola).toContainText('Stock: 4')
  // Every send carried the same request id: one movement, whatever reached the backend.
  expect((await movementsOf(owner, 'COLA')).map(({ delta, qty_after, reason }) => ({ delta, qty_after, reason }))).toEqual([
    { delta: -1, qty_after: 4, reason: 'sold' },
  ])
  await page.reload()
  await expect(productCard(page, 'Cola Can')).toContainText('Stock: 4')
})
