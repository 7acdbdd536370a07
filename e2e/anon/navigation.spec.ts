import { expect, test } from '@playwright/test'

test('signed-out navigation has Home and Sign In only', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Sign In'])
  await nav.getByRole('link', { name: 'Sign In' }).click()
  await expect(page).toHaveURL('/auth')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
  await expect(page).toHaveURL('/')
})

for (const path of ['/upload', '/dashboard', '/app/products', '/app/products?q=milk']) {
  test(`${path} sends a signed-out visitor to /auth and keeps where they were going`, async ({ page }) => {
    await page.goto(path)
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(path)}`)
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  })
}

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL('/')
})
