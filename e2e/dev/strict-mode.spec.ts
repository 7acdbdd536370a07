import { expect, test } from '@playwright/test'
import { tinsPhoto } from '../_helpers/photos'
import { createOwner } from '../_helpers/stack'
import { expectToast } from '../_helpers/ui'

// Against `next dev` (scripts/e2e.ts's last phase): React's strict mode mounts every component,
// unmounts it and mounts it again, which the production build never does. An effect whose
// cleanup is not undone by its setup breaks only here, where the owner of a fresh clone
// (`npm run dev`) meets it first: Analyze Inventory once polled for ever.
test.setTimeout(240_000)

test('under npm run dev, a day of photos is analysed and reaches its review', async ({ page }) => {
  const owner = await createOwner('dev-day', { products: [{ name: 'Tin', sku: 'TIN-01', qty: 5, low_stock_threshold: 1 }] })
  // The first visit of each page compiles it: the form is used once the page has hydrated.
  await page.goto('/auth?next=/upload', { waitUntil: 'networkidle' })
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL('/upload', { timeout: 120_000 })
  await page.getByLabel('Start of Day photo', { exact: true }).setInputFiles(await tinsPhoto('morning.jpg', 5))
  await expect(page.getByText('Morning count: 5 units of 1 product')).toBeVisible({ timeout: 120_000 })
  await page.getByLabel('End of Day photo', { exact: true }).setInputFiles(await tinsPhoto('evening.jpg', 3))
  await page.getByRole('button', { name: 'Analyze Inventory' }).click()
  await expectToast(page, 'Analysis started', 'Counting the labels in your photos.', 'success')
  await expect(page).toHaveURL(/\/stocktakes\/[0-9a-f-]{36}$/, { timeout: 120_000 })
  // (its "Analysis complete" toast may be gone by then: the dev server compiles the review first)
  await expect(page.getByRole('heading', { name: 'Review stocktake', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Counted products (1)' })).toBeVisible()
})
