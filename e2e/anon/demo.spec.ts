import { existsSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { newCredentials } from '../_helpers/stack'
import { controlsPastRightEdge, expectToast, productRowsOnScreen, signInThroughUi } from '../_helpers/ui'

// Anonymous sign-in comes with the AUTH branch (the local stack's GoTrue-style anonymous users).
test.skip(!existsSync('supabase/local/auth/anonymous.ts'), 'needs anonymous sign-in in the local stack (AUTH branch)')

const READY = ['Your demo shop is ready', 'Explore it freely. To keep it, add your email and a password.'] as const

/** Press 'View Demo': an anonymous sign-in and a whole shop written, so it may take a few seconds on a busy machine. */
async function viewDemo(page: Page) {
  await page.getByRole('button', { name: 'View Demo' }).click()
  // The first toast is the answer: on failure, its text says why.
  const first = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').first()
  await expect(first).toBeVisible({ timeout: 30_000 })
  await expect(first).toContainText(READY[0])
  await expectToast(page, ...READY, 'success')
}

test("'View Demo' gives a signed-out visitor their own demo shop, which they can keep with an email and a password @any-viewport", async ({ page }) => {
  await page.goto('/')
  await viewDemo(page)
  await expect(page).toHaveURL('/dashboard')
  const banner = page.getByRole('complementary', { name: 'Demo shop' })
  await expect(banner).toBeVisible()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click()
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByText('Corner Shop Demo')).toBeVisible()
  await expect(page.getByText('40 products', { exact: true })).toBeVisible()
  // The banner takes one line: a demo visitor sees as many products as an owner does.
  if (page.viewportSize()!.width < 640) expect(await productRowsOnScreen(page)).toBeGreaterThanOrEqual(6)
  expect(await controlsPastRightEdge(page)).toEqual([])

  await banner.getByRole('link', { name: 'Keep this shop' }).click()
  await expect(page.getByRole('heading', { name: 'Keep this shop' })).toBeVisible()
  await page.getByRole('button', { name: 'Keep this shop' }).click()
  await expectToast(page, 'Error', 'Invalid email address', 'error')
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email address')
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password must be at least 6 characters')

  const { email, password } = newCredentials('kept-demo')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Keep this shop' }).click()
  await expectToast(page, 'Shop kept!', `Sign in with ${email} from now on.`, 'success')
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByRole('complementary', { name: 'Demo shop' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/auth')
  await signInThroughUi(page, { email, password, fullName: '' })
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByText('Corner Shop Demo')).toBeVisible()
  await expect(page.getByText('40 products', { exact: true })).toBeVisible()
})

test("'View Demo' on /auth lands in the visitor's own products @any-viewport", async ({ page }) => {
  await page.goto('/auth')
  await viewDemo(page)
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByText('40 products', { exact: true })).toBeVisible()
})
