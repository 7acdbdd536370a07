// An owner with a second branch (issue 26 §1): added from the account menu, worked in at once,
// and chosen in the header like any shop one belongs to; each branch shows only its own stock.
import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { adminClient, createOwner } from '../_helpers/stack'
import { expectToast, productCard, signIn, textsCutOff } from '../_helpers/ui'

test('an owner adds a second shop from the account menu, works in it, and switches back in the header @any-viewport', async ({ page, isMobile }) => {
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
  // the toast stays below the header, the switcher's row on a phone included
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: 'Shop created!' })
  await expect(toast).toHaveAttribute('data-mounted', 'true')
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  const header = (await page.getByRole('banner').boundingBox())!
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height)

  const switcher = page.getByLabel('Shop', { exact: true })
  await expect(switcher.locator('option:checked')).toHaveText('Station Branch (Owner)')
  // whole on a phone too (beside Sign Out it read "Olive …"; at 360 px, "(")
  for (const width of isMobile ? [412, 360] : [1280]) {
    await page.setViewportSize({ width, height: 800 })
    expect(await textsCutOff(switcher), `at ${width} px`).toEqual([])
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeInViewport({ ratio: 1 })
  }
  await expect(productCard(page, 'High Street Milk')).toHaveCount(0)
  const { data: shops } = await adminClient().from('shops').select('owner_id').in('name', ['High Street', 'Station Branch']).throwOnError()
  expect(shops).toHaveLength(2)
  expect(shops[0]!.owner_id).toBe(shops[1]!.owner_id)

  const switched = page.waitForResponse((response) => response.request().method() === 'POST' && !!response.request().headers()['next-action'])
  await switcher.selectOption({ label: 'High Street (Owner)' })
  await switched
  await expect(productCard(page, 'High Street Milk')).toBeVisible()
})

test('a tab left open on one shop changes nothing after a switch to the other in another tab; reloaded, it writes to the shop it shows @any-viewport', async ({ page, context }) => {
  const owner = await createOwner('stale-tab', { shopName: 'Olive Corner Shop' })
  await signIn(page, owner, '/app/products')
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Add a shop' }).click()
  await page.getByLabel('Shop Name').fill('Olive Cafe')
  await page.getByRole('button', { name: 'Create Shop' }).click()
  await expect(page.getByLabel('Shop', { exact: true }).locator('option:checked')).toHaveText('Olive Cafe (Owner)')
  await page.goto('/app/products/new')

  const other = await context.newPage()
  await other.goto('/app/products')
  const switched = other.waitForResponse((response) => response.request().method() === 'POST' && !!response.request().headers()['next-action'])
  await other.getByLabel('Shop', { exact: true }).selectOption({ label: 'Olive Corner Shop (Owner)' })
  await switched
  await other.close()

  const scones = `Stale Tab Scones ${randomUUID().slice(0, 8)}`
  await page.getByLabel('Name', { exact: true }).fill(scones)
  await page.getByRole('button', { name: 'Add product' }).click()
  await expectToast(page, 'Could not add the product', 'You have switched to another shop since this page opened, so nothing was changed. Reload the page to carry on in that shop.', 'error')
  const stored = async () => (await adminClient().from('products').select('shops(name)').eq('name', scones).throwOnError()).data
  expect(await stored()).toEqual([])

  await page.reload()
  await expect(page.getByLabel('Shop', { exact: true }).locator('option:checked')).toHaveText('Olive Corner Shop (Owner)')
  await page.getByLabel('Name', { exact: true }).fill(scones)
  await page.getByRole('button', { name: 'Add product' }).click()
  await expectToast(page, 'Product added', '', 'success')
  expect(await stored()).toEqual([{ shops: { name: 'Olive Corner Shop' } }])
})
