import { expect, test } from '@playwright/test'
import { seriousViolations } from '../_helpers/axe'
import { OWNER_STATE } from '../_helpers/catalogue'
import { createOwner } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

// @any-viewport: a page laid out the same on both screens is checked on the phone only.

test.describe('signed out', () => {
  test('/ has no serious or critical axe violations @any-viewport', async ({ page }) => {
    await page.goto('/')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('/auth (sign-in and sign-up) has no serious or critical axe violations @any-viewport', async ({ page }) => {
    await page.goto('/auth')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByLabel('Full Name')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the 404 page has no serious or critical axe violations @any-viewport', async ({ page }) => {
    await page.goto('/nowhere')
    expect(await seriousViolations(page)).toEqual([])
  })
})

test.describe('signed in', () => {
  test('/ with the Create Your Shop dialog has no serious or critical axe violations @any-viewport', async ({ page }) => {
    await signIn(page, await createOwner('axe-dialog', { shopName: null }))
    await expect(page.getByRole('dialog', { name: 'Create Your Shop' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('/app/products (empty) has no serious or critical axe violations @any-viewport', async ({ page }) => {
    await signIn(page, await createOwner('axe-empty', { shopName: 'Axe Empty' }))
    await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test.describe('with products', () => {
    test.use({ storageState: OWNER_STATE })

    test('/app/products (full, and a no-match search) has no serious or critical axe violations', async ({ page }) => {
      await page.goto('/app/products')
      await expect(page.getByText('30 products')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/app/products?q=xyz')
      await expect(page.getByText('No products match "xyz"')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    // The pages whose layout changes with the screen run on both; the desktop header is on each of them.
    const BOTH = ['/dashboard', '/upload', '/reports?range=30d']
    for (const path of [...BOTH, '/scan', '/settings', '/settings/team', '/join', '/reports?range=custom&from=2026-11-10&to=2026-11-01']) {
      test(`${path} has no serious or critical axe violations${BOTH.includes(path) ? '' : ' @any-viewport'}`, async ({ page }) => {
        await page.goto(path)
        expect(await seriousViolations(page)).toEqual([])
      })
    }
  })
})
