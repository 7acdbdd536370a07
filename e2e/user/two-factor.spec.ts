import { expect, test, type Page } from '@playwright/test'
import { TOTP } from 'otpauth'
import { browserSession, createOwner, restAs, signedInClient, type Credentials } from '../_helpers/stack'
import { controlsPastRightEdge, expectToast, signIn, signInThroughUi } from '../_helpers/ui'

// Two-factor sign-in with an authenticator app: the codes are computed here from the key the page
// shows, as the app on the owner's phone would. A code is accepted once, so each step uses the
// next 30-second step's code (the server accepts one step either side).
const codeAt = (secret: string, step: number) => new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + step * 30_000 })

async function turnOn(page: Page): Promise<string> {
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Two-factor sign-in' })
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await section.locator('code').innerText()).trim()
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await section.getByLabel('6-digit code').fill(codeAt(secret, 0))
  await section.getByRole('button', { name: 'Turn on' }).click()
  await expectToast(page, 'Two-factor sign-in is on', 'From now on ShelfSnap asks for a code from your app after your password.', 'success')
  await expect(section.getByRole('list', { name: 'Authenticators' })).toContainText('Authenticator app, added')
  return secret
}

test('an owner turns on two-factor sign-in; signing in then asks for the code before any page, and a wrong code is refused @any-viewport', async ({ page }) => {
  const owner = await createOwner('two-factor', { shopName: 'Locked Shop' })
  await signInThroughUi(page, owner)
  const secret = await turnOn(page)

  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/auth')
  await page.goto('/auth?next=/reports')
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL('/auth/mfa?next=%2Freports')
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  // every page waits for the code
  await page.goto('/app/products')
  await expect(page).toHaveURL('/auth/mfa?next=%2Fapp%2Fproducts')
  // and the password alone (an aal1 token, straight at the API) reads nothing: no report, no costs
  const { access_token: passwordOnly } = await browserSession(page.context())
  expect(JSON.parse(Buffer.from(passwordOnly.split('.')[1]!, 'base64url').toString()).aal).toBe('aal1')
  expect(await restAs(passwordOnly, '/rpc/shop_report', { p_range: '30d' })).toEqual({ status: 200, json: null })
  expect(await restAs(passwordOnly, '/products?select=id,name')).toEqual({ status: 200, json: [] })
  expect(await restAs(passwordOnly, '/product_costs?select=unit_cost')).toEqual({ status: 200, json: [] })

  await page.getByLabel('6-digit code').fill('12345')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByLabel('6-digit code')).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app')
  const wrong = codeAt(secret, 0) === '000000' ? '111111' : '000000'
  await page.getByLabel('6-digit code').fill(wrong)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByLabel('6-digit code')).toHaveAccessibleDescription(/^That code didn't match\./)
  await expect(page).toHaveURL(/\/auth\/mfa/)

  await page.getByLabel('6-digit code').fill(codeAt(secret, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible()
})

test('an owner removes the authenticator: signing in asks for no code again @any-viewport', async ({ page }) => {
  const owner = await createOwner('two-factor-off', { shopName: 'Unlocked Shop' })
  await signInThroughUi(page, owner)
  await turnOn(page)
  const section = page.getByRole('region', { name: 'Two-factor sign-in' })
  await section.getByRole('button', { name: 'Remove Authenticator app' }).click()
  await expectToast(page, 'Authenticator app removed', 'ShelfSnap no longer asks for a code when you sign in.', 'success')
  await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible()

  await page.getByRole('button', { name: 'Sign Out' }).click()
  await signInThroughUi(page, owner)
  await page.goto('/dashboard')
  await expect(page).toHaveURL('/dashboard')
})

/** Password, then the code from `secret`'s app on /auth/mfa, then `next`. */
async function signInWithCode(page: Page, { email, password }: Credentials, secret: string, next: string) {
  await page.goto(`/auth?next=${next}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(`/auth/mfa?next=${encodeURIComponent(next)}`)
  await page.getByLabel('6-digit code').fill(codeAt(secret, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(next)
}

test('an owner adds a second phone; after signing in again, a code from the second phone is accepted @any-viewport', async ({ page }) => {
  const owner = await createOwner('two-factor-phones', { shopName: 'Two Phones Shop' })
  await signInThroughUi(page, owner)
  const first = await turnOn(page)

  const section = page.getByRole('region', { name: 'Two-factor sign-in' })
  await section.getByRole('button', { name: 'Add another phone' }).click()
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const second = (await section.locator('code').innerText()).trim()
  expect(second).toMatch(/^[A-Z2-7]{16,}$/)
  expect(second).not.toBe(first)
  await section.getByLabel('6-digit code').fill(codeAt(second, 0))
  await section.getByRole('button', { name: 'Turn on' }).click()
  await expectToast(page, 'Two-factor sign-in is on', 'From now on ShelfSnap asks for a code from your app after your password.', 'success')
  const authenticators = section.getByRole('list', { name: 'Authenticators' }).getByRole('listitem')
  await expect(authenticators).toHaveCount(2)
  await expect(authenticators.nth(1)).toContainText('Authenticator app 2, added')

  // The sign-in page has one code box (no phone to pick): a code from either app opens the account.
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/auth')
  await signInWithCode(page, owner, second, '/reports')
  await expect(page.getByRole('heading', { name: 'Reports', exact: true, level: 1 })).toBeVisible()
})

test('the owner asks managers for two-factor: a manager without it works as staff, and manages again once signed in with a code @any-viewport', async ({
  page,
  browser,
}) => {
  const owner = await createOwner('two-factor-boss', { shopName: 'Strict Shop' })
  const manager = await createOwner('two-factor-manager', { shopName: null })
  const { data: inviteId } = await (await signedInClient(owner)).rpc('invite_member', { p_email: manager.email, p_role: 'manager' }).throwOnError()
  await (await signedInClient(manager)).rpc('accept_invite', { p_id: inviteId }).throwOnError()

  // The manager, on their own phone, before the owner asks: the reports are theirs.
  const context = await browser.newContext()
  const managerPage = await context.newPage()
  await signIn(managerPage, manager, '/reports')
  await expect(managerPage.getByRole('heading', { name: 'Reports', exact: true, level: 1 })).toBeVisible()

  await signIn(page, owner, '/settings/team')
  // A long address in the team list still fits the phone's screen.
  await expect(page.getByRole('region', { name: 'Members' }).getByText(manager.email)).toBeVisible()
  expect(await controlsPastRightEdge(page)).toEqual([])
  const setting = page.getByRole('region', { name: 'Two-factor for managers' })
  const needed = setting.getByRole('checkbox', { name: 'Managers need two-factor sign-in' })
  await expect(needed).not.toBeChecked()
  await needed.check()
  await setting.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Saved', 'Managers now need two-factor sign-in to manage: without it they work as staff', 'success')
  await page.reload()
  await expect(needed).toBeChecked()

  // Signed in with the password alone, the manager works as staff: no reports, no shop settings.
  await managerPage.reload()
  await expect(managerPage.getByRole('heading', { name: 'Reports: for the owner and managers' })).toBeVisible()
  await expect(managerPage.getByText('You are staff at Strict Shop.')).toBeVisible()
  await managerPage.goto('/settings')
  await expect(managerPage.getByRole('note')).toHaveText("The shop's settings are for the owner and managers of Strict Shop.")

  // They turn on two-factor sign-in in Settings, then sign in again with a code: a manager again.
  const secret = await turnOn(managerPage)
  await managerPage.getByRole('button', { name: 'Sign Out' }).click()
  await expect(managerPage).toHaveURL('/auth')
  await signInWithCode(managerPage, manager, secret, '/reports')
  await expect(managerPage.getByRole('heading', { name: 'Reports', exact: true, level: 1 })).toBeVisible()
  await managerPage.goto('/settings')
  await expect(managerPage.getByRole('heading', { name: 'Shop', exact: true })).toBeVisible()
  await context.close()
})

test('a computer signed in before two-factor was turned on on a phone is told it was signed out, then asked for the password and the code, not to create a shop @any-viewport', async ({ page, browser }) => {
  const owner = await createOwner('two-factor-elsewhere', { shopName: 'Elsewhere Shop' })
  await signIn(page, owner, '/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  const phone = await browser.newContext()
  const phonePage = await phone.newPage()
  await signIn(phonePage, owner, '/settings')
  const secret = await turnOn(phonePage)
  await phone.close()

  // Turning it on ended the computer's password-only session; its token is still well signed
  // until it expires, and the database answers it nothing.
  for (const path of ['/dashboard', '/']) {
    await page.goto(path)
    await expect(page).toHaveURL(`/auth?session=ended&next=${encodeURIComponent(path)}`)
    await expect(page.getByText('You were signed out on this device (two-factor sign-in was turned on, or every other device was signed out). Sign in again.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Create Your Shop' })).toHaveCount(0)
  }
  await page.goto('/auth?session=ended&next=%2Fdashboard')
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL('/auth/mfa?next=%2Fdashboard')
  await page.getByLabel('6-digit code').fill(codeAt(secret, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
})
