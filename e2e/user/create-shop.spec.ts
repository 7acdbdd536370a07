import { expect, test, type Page } from '@playwright/test'
import { createOwner, getOwnShop, newCredentials } from '../_helpers/stack'
import { expectToast, signIn, signUpThroughUi, slowDownNextAction } from '../_helpers/ui'

// The browser's zone is what the shop gets; not the server's.
test.use({ timezoneId: 'Asia/Kolkata' })

async function openDialog(page: Page) {
  const owner = await createOwner('no-shop', { shopName: null })
  await signIn(page, owner)
  await expect(page).toHaveURL('/')
  const dialog = page.getByRole('dialog', { name: 'Create Your Shop' })
  await expect(dialog).toBeVisible()
  return { owner, dialog }
}

const rules = [
  { rule: 'at least 2 characters', name: 'A', message: 'Shop name must be at least 2 characters' },
  { rule: 'trimmed before the length check', name: '   A   ', message: 'Shop name must be at least 2 characters' },
  { rule: 'at most 100 characters', name: 'S'.repeat(101), message: 'Shop name must be less than 100 characters' },
]

for (const { rule, name, message } of rules) {
  test(`shop name ${rule} @any-viewport`, async ({ page }) => {
    const { dialog } = await openDialog(page)
    await dialog.getByLabel('Shop Name').fill(name)
    await dialog.getByRole('button', { name: 'Create Shop' }).click()
    await expectToast(page, 'Error creating shop', message, 'error')
    await expect(dialog.getByLabel('Shop Name')).toHaveAccessibleDescription(message)
    await expect(dialog).toBeVisible()
  })
}

test('the shop name input is required @any-viewport', async ({ page }) => {
  const { dialog } = await openDialog(page)
  const name = dialog.getByLabel('Shop Name')
  await expect(name).toHaveAttribute('required')
  await dialog.getByRole('button', { name: 'Create Shop' }).click()
  expect(await name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true)
})

test('the dialog blocks the page: Escape and clicks outside do not close it', async ({ page }) => {
  const { dialog } = await openDialog(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await page.mouse.click(5, 5)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0)
})

test("a new user creates a shop: 'Creating...', 'Shop created!', then the empty catalogue", async ({ page }) => {
  const credentials = newCredentials('new-shop')
  await signUpThroughUi(page, credentials)
  await expect(page).toHaveURL('/')
  const dialog = page.getByRole('dialog', { name: 'Create Your Shop' })
  await expect(dialog.getByLabel('Currency')).toHaveText('GBP (£)')
  await dialog.getByLabel('Shop Name').fill('  Priya Provisions  ')
  await dialog.getByLabel('Currency').click()
  await expect(page.getByRole('option')).toHaveText(['GBP (£)', 'USD ($)', 'EUR (€)', 'INR (₹)'])
  await page.getByRole('option', { name: 'INR (₹)' }).click()
  await slowDownNextAction(page)
  await dialog.getByRole('button', { name: 'Create Shop' }).click()
  await expect(dialog.getByRole('button', { name: 'Creating...' })).toBeDisabled()
  await expectToast(page, 'Shop created!', 'Priya Provisions is ready to go.', 'success')
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible()

  // Chromium reports the ICU name, which may be the older alias Asia/Calcutta.
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
  expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(browserZone)
  const shop = await getOwnShop(credentials)
  expect(shop).toMatchObject({ name: 'Priya Provisions', currency: 'INR', timezone: browserZone })
})

test('a signed-in user with a shop is sent from / to the catalogue @any-viewport', async ({ page }) => {
  const owner = await createOwner('has-shop', { shopName: 'Already Open' })
  await signIn(page, owner, '/')
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByText('Already Open')).toBeVisible()
})

test('a signed-in user without a shop is sent from /app/products to / @any-viewport', async ({ page }) => {
  await openDialog(page)
  await page.goto('/app/products')
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('dialog', { name: 'Create Your Shop' })).toBeVisible()
})
