import { expect, test } from '@playwright/test'
import { heldItemVideo } from '../../test/shelf/shelf-video'
import { movementsOf, stockOf } from '../_helpers/catalogue'
import { SHELF_PRODUCTS, withFakeCamera } from '../_helpers/fake-camera'
import { createOwner } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

// Scan at the counter (issue 24 §3, §4): Chromium's camera shows the counter for 4 s, then one
// item's label held up to it for 5 s (the hand shaking a little), then the counter again.
const item = SHELF_PRODUCTS[6]!
const video = heldItemVideo(item, { before: 4, held: 5, after: 11 })

withFakeCamera(test, video, 120_000)

test('"Keep scanning": one item held in view for 5 s is one sale, in the ledger as on screen', async ({ page }) => {
  const owner = await createOwner('counter-scan', {
    products: [
      { name: item.name, sku: item.code, qty: 10, low_stock_threshold: 1 },
      { name: 'Other Thing', sku: 'OTHER-1', qty: 3, low_stock_threshold: 1 },
    ],
  })
  await signIn(page, owner, '/app/products')
  const opened = Date.now()
  await page.getByRole('button', { name: 'Scan at the counter' }).click()
  const scanner = page.getByRole('region', { name: 'Scan at the counter' })
  await scanner.getByRole('switch', { name: 'Keep scanning' }).check()
  // the item comes into view after 4 s: its row shows, sold once
  const row = scanner.getByRole('list', { name: 'Scanned product' })
  await expect(row.getByRole('heading', { name: item.name })).toBeVisible({ timeout: 30_000 })
  await expect(row.getByText('Stock: 9')).toBeVisible()
  // its mark is a product's (green); a tap names it
  const camera = scanner.getByRole('figure', { name: 'Counter camera' })
  const mark = camera.getByRole('button', { name: item.name })
  await expect(mark).toHaveAttribute('data-kind', 'product')
  await mark.click()
  await expect(camera.getByText(item.name, { exact: true })).toBeVisible()
  // held for 5 s, then gone: wait until well after it has left the view
  await page.waitForTimeout(Math.max(0, opened + 4_000 + 5_000 + 3_000 - Date.now()))
  await expect(row.getByText('Stock: 9')).toBeVisible()
  await expect.poll(() => stockOf(owner, item.code), { timeout: 15_000 }).toBe(9)
  const ledger = await movementsOf(owner, item.code)
  expect(ledger).toEqual([expect.objectContaining({ delta: -1, qty_after: 9, reason: 'sold' })])
  expect(await stockOf(owner, 'OTHER-1')).toBe(3)
})

test('a code no product has offers "Add a product with this barcode" with the code filled in, and sells nothing', async ({ page }) => {
  const owner = await createOwner('counter-unknown', { products: [{ name: 'Other Thing', sku: 'OTHER-1', qty: 3, low_stock_threshold: 1 }] })
  await signIn(page, owner, '/app/products')
  await page.getByRole('button', { name: 'Scan at the counter' }).click()
  const scanner = page.getByRole('region', { name: 'Scan at the counter' })
  await expect(scanner.getByText(`No product has the code ${item.code}.`)).toBeVisible({ timeout: 30_000 })
  await expect(scanner.getByRole('figure', { name: 'Counter camera' }).getByRole('button', { name: `Unknown code ${item.code}` })).toHaveAttribute('data-kind', 'unknown')
  await scanner.getByRole('link', { name: 'Add a product with this barcode' }).click()
  await expect(page).toHaveURL(`/app/products/new?barcode=${item.code}`)
  await expect(page.getByLabel('Barcode (optional)')).toHaveValue(item.code)
  // nothing was sold: "Keep scanning" was off
  expect(await stockOf(owner, 'OTHER-1')).toBe(3)
})
