import { expect, test } from '@playwright/test'
import { createOwner } from '../_helpers/stack'
import { expectToast, signInThroughUi } from '../_helpers/ui'

// Each test signs its own user in: signing out ends that session on the server.
test('signed-in navigation: Products, Dashboard, Upload Photos and Sign Out', async ({ page }) => {
  const owner = await createOwner('nav', { shopName: 'Nav Stores' })
  await signInThroughUi(page, owner)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link')).toHaveText(['Products', 'Scan', 'Dashboard', 'Upload Photos'])
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()

  await nav.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()

  await nav.getByRole('link', { name: 'Upload Photos' }).click()
  await expect(page).toHaveURL('/upload')
  await expect(page.getByRole('heading', { name: 'Upload Photos' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Analyze Inventory' })).toBeDisabled()

  await nav.getByRole('link', { name: 'Products' }).click()
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible()
})

test("Sign Out ends the session, says 'Signed out' and goes to /auth", async ({ page }) => {
  const owner = await createOwner('sign-out', { shopName: 'Leaving Ltd' })
  await signInThroughUi(page, owner)
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expectToast(page, 'Signed out', "You've been successfully logged out.", 'success')
  await expect(page).toHaveURL('/auth')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Home', 'Sign In'])
  await page.goto('/app/products')
  await expect(page).toHaveURL('/auth?next=%2Fapp%2Fproducts')
})

test('touch targets in the navigation are at least 44 px tall', async ({ page }) => {
  const owner = await createOwner('targets', { shopName: 'Tall Targets' })
  await signInThroughUi(page, owner)
  await expect(page).toHaveURL('/app/products')
  const targets = page.getByRole('banner').getByRole('link').or(page.getByRole('banner').getByRole('button'))
  for (const target of await targets.all()) {
    const box = await target.boundingBox()
    expect(box?.height, await target.innerText()).toBeGreaterThanOrEqual(44)
  }
})

test('on a phone the app links sit in a tab bar at the bottom of the screen', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone layout only')
  const owner = await createOwner('tab-bar', { shopName: 'Thumb Reach' })
  await signInThroughUi(page, owner)
  await expect(page).toHaveURL('/app/products')
  const box = await page.getByRole('navigation', { name: 'Main' }).boundingBox()
  const viewport = page.viewportSize()!
  expect(Math.round(box!.y + box!.height)).toBe(viewport.height)
  expect(Math.round(box!.width)).toBe(viewport.width)
})
