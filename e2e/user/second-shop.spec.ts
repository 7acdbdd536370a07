// An owner with a second branch (issue 26 §1): added from the account menu, worked in at once,
// and chosen in the header like any shop one belongs to; each branch shows only its own stock.
import { expect, test } from '@playwright/test'
import { adminClient, createOwner } from '../_helpers/stack'
import { expectToast, productCard, signIn } from '../_helpers/ui'

test('an owner adds a second shop from the account menu, works in it, and switches back in the header @any-viewport', async ({ page }) => {
  const owner = await createOwner('branch', { shopName: 'High Street', products: [{ name: 'High Street Milk', sku: 'HS-MILK', qty: 4, low_stock_threshold: 1 }] })
  await signIn(page, owner, '/app/products')
  await expect(productCard(page, 'High Street Milk')).toBeVisible()
  await expect(page.getByLabel('Shop', { exact: true })).toHaveCount(0)

  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Add a shop' }).click()
  await expect(page.getByRole('heading', { name: 'Add a shop', level: 1 })).toBeVisible()
  await page.getByLabel('Shop Name').fill('Station Branch')
  await page.getByRole('button', { name: 'Create Shop' }).click()
  await expectToast(page, 'Shop created!', 'Station Branch is ready to go.', 'success')
  await expect(page).toHaveURL('/app/products')

  const switcher = page.getByLabel('Shop', { exact: true })
  await expect(switcher.locator('option:checked')).toHaveText('Station Branch (Owner)')
  await expect(productCard(page, 'High Street Milk')).toHaveCount(0)
  const { data: shops } = await adminClient().from('shops').select('owner_id').in('name', ['High Street', 'Station Branch']).throwOnError()
  expect(shops).toHaveLength(2)
  expect(shops[0]!.owner_id).toBe(shops[1]!.owner_id)

  const switched = page.waitForResponse((response) => response.request().method() === 'POST' && !!response.request().headers()['next-action'])
  await switcher.selectOption({ label: 'High Street (Owner)' })
  await switched
  await expect(productCard(page, 'High Street Milk')).toBeVisible()
})
