import { expect, test, type BrowserContext } from '@playwright/test'
import { browserSession, createOwner, sessionChunks } from '../_helpers/stack'
import { expectToast, signIn, signInThroughUi } from '../_helpers/ui'

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

/**
 * The browser's session as if its access token had run out (an hour later): the app then renews it
 * with the refresh token, which works only while the session lives on the auth server. Only
 * `expires_at` changes, and it keeps its digits, so the cookie's chunks keep their lengths.
 */
async function ageSession(context: BrowserContext) {
  const chunks = await sessionChunks(context)
  const encoded = chunks.map((cookie) => cookie.value).join('')
  const session = await browserSession(context)
  session.expires_at = Math.floor(Date.now() / 1000) - 60
  let aged = `base64-${Buffer.from(JSON.stringify(session), 'utf8').toString('base64url')}`
  expect(aged).toHaveLength(encoded.length)
  await context.addCookies(
    chunks.map((cookie) => {
      const value = aged.slice(0, cookie.value.length)
      aged = aged.slice(cookie.value.length)
      return { ...cookie, value }
    }),
  )
}

test('"Sign out everywhere else" in the account menu signs the other devices out and keeps this one @any-viewport', async ({ page, browser }) => {
  const owner = await createOwner('others', { shopName: 'Two Phones' })
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signIn(otherPage, owner, '/dashboard')
  await expect(otherPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  const third = await browser.newContext()
  await signIn(await third.newPage(), owner, '/dashboard')
  await signInThroughUi(page, owner)

  await page.getByRole('button', { name: 'Account' }).click()
  const menu = page.getByRole('menu')
  await expect(menu).toContainText(`Signed in as${owner.email}`)
  // the password is changed from here, and the page comes back after
  await expect(menu.getByRole('menuitem', { name: 'Change password' })).toHaveAttribute('href', /^\/auth\/update-password\?next=%2F/)
  await menu.getByRole('menuitem', { name: 'Sign out everywhere else' }).click()
  await expectToast(page, 'Signed out everywhere else', 'Other devices need your password again within the hour. This one stays signed in.', 'success')

  // The other one, at once: its export is refused in words, and its products page sends it to sign in
  // (it said "Error loading products"), as every other page does.
  const exported = await third.request.get('/reports/export?range=7d')
  expect([exported.status(), await exported.text()]).toEqual([401, 'You were signed out on this device. Sign in again to export.'])
  await third.close()
  await otherPage.goto('/app/products')
  await expect(otherPage).toHaveURL(/\/auth\?(session=ended&)?next=%2Fapp%2Fproducts$/)
  await expect(otherPage.getByText('Error loading products')).toHaveCount(0)

  // This device renews its session as before; the other one, once its token runs out, is asked to sign in.
  await ageSession(page.context())
  await page.goto('/app/products')
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible()
  await ageSession(other)
  await otherPage.goto('/app/products')
  await expect(otherPage).toHaveURL('/auth?next=%2Fapp%2Fproducts')
  await other.close()
})

test('Change password from the account menu asks for the current one, and offers a reset link for a forgotten one @any-viewport', async ({ page }) => {
  const owner = await createOwner('change-pw', { shopName: 'Locked Till' })
  await signInThroughUi(page, owner)
  await page.goto('/app/products')
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menu').getByRole('menuitem', { name: 'Change password' }).click()
  await expect(page).toHaveURL('/auth/update-password?next=%2Fapp%2Fproducts')
  const current = page.getByLabel('Current password')
  // a phone left signed in does not give the account away: a wrong current password changes nothing
  await current.fill('not-my-password')
  await page.getByLabel('New password', { exact: true }).fill('taken-over-1')
  await page.getByLabel('New password again').fill('taken-over-1')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(current).toHaveAccessibleDescription('That is not your current password')
  await expect(page.getByRole('button', { name: 'Email me a reset link' })).toBeVisible()

  await current.fill(owner.password)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expectToast(page, 'Password changed', 'Your password is changed.', 'success')
  await expect(page).toHaveURL('/app/products')
  await page.context().clearCookies()
  await signInThroughUi(page, { ...owner, password: 'taken-over-1' })
})

test('Your name from the account menu: the Team page shows it, and a bad one changes nothing @any-viewport', async ({ page }) => {
  const owner = await createOwner('your-name', { shopName: 'Named Till' })
  await signInThroughUi(page, owner)
  await page.goto('/app/products')
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menu').getByRole('menuitem', { name: 'Your name' }).click()
  await expect(page).toHaveURL('/app/account')
  await expect(page.getByRole('heading', { name: 'Your name', level: 1 })).toBeVisible()
  const name = page.getByLabel('Your name')
  await name.fill('P')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(name).toHaveAccessibleDescription('Name must be at least 2 characters')
  await name.fill('Priya Shah')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expectToast(page, 'Name saved', 'The stock history and the reports show you as Priya Shah.', 'success')
  await page.reload()
  await expect(page.getByLabel('Your name')).toHaveValue('Priya Shah')
  await page.goto('/settings/team')
  await expect(page.getByRole('region', { name: 'Members' }).getByRole('listitem').filter({ hasText: owner.email })).toContainText('Priya Shah')
})
