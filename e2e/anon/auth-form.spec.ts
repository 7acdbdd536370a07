import { expect, test, type Page } from '@playwright/test'
import { createOwner, newCredentials } from '../_helpers/stack'
import { expectToast, fillSignUp, signInThroughUi, slowDownNextAction } from '../_helpers/ui'

const valid = { email: 'owner@example.com', password: 'secret-123', fullName: 'Sam Shopkeeper' }
const longEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`

// Spec section 5, one row per rule. Each is submitted for real and answered by the server.
const rules = [
  { mode: 'sign-in', rule: 'email is a valid address', input: { email: 'shop@local' }, message: 'Invalid email address' },
  { mode: 'sign-in', rule: 'email at most 255 characters', input: { email: longEmail }, message: 'Email must be less than 255 characters' },
  { mode: 'sign-in', rule: 'password at least 6 characters', input: { password: 'abc12' }, message: 'Password must be at least 6 characters' },
  { mode: 'sign-in', rule: 'password at most 100 characters', input: { password: 'p'.repeat(101) }, message: 'Password must be less than 100 characters' },
  { mode: 'sign-up', rule: 'email is a valid address', input: { email: 'shop@local' }, message: 'Invalid email address' },
  { mode: 'sign-up', rule: 'email at most 255 characters', input: { email: longEmail }, message: 'Email must be less than 255 characters' },
  { mode: 'sign-up', rule: 'password at most 100 characters', input: { password: 'p'.repeat(101) }, message: 'Password must be less than 100 characters' },
  { mode: 'sign-up', rule: 'full name at least 2 characters', input: { fullName: 'S' }, message: 'Name must be at least 2 characters' },
  { mode: 'sign-up', rule: 'full name is trimmed', input: { fullName: '   S   ' }, message: 'Name must be at least 2 characters' },
  { mode: 'sign-up', rule: 'full name at most 100 characters', input: { fullName: 'N'.repeat(101) }, message: 'Name must be less than 100 characters' },
] as const

const labels = { email: 'Email', password: 'Password', fullName: 'Full Name' }

async function openSignUp(page: Page) {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible()
}

// The server's messages: checked once, on the phone (the desktop project skips @any-viewport).
test.describe('validation (first error only, destructive toast titled Error)', { tag: '@any-viewport' }, () => {
  for (const { mode, rule, input, message } of rules) {
    test(`${mode}: ${rule}`, async ({ page }) => {
      const values = { ...valid, ...input }
      if (mode === 'sign-up') {
        await openSignUp(page)
        await fillSignUp(page, values)
      } else {
        await page.goto('/auth')
        await page.getByLabel('Email').fill(values.email)
        await page.getByLabel('Password').fill(values.password)
      }
      await page.getByRole('button', { name: mode === 'sign-up' ? 'Sign Up' : 'Sign In' }).click()
      await expectToast(page, 'Error', message, 'error')
      const field = labels[Object.keys(input)[0] as keyof typeof labels]
      await expect(page.getByLabel(field, { exact: true })).toHaveAccessibleDescription(message)
      await expect(page).toHaveURL('/auth')
    })
  }

  test('sign-up: the password input keeps its browser-level minimum length of 6, but the spec message is what shows (noValidate)', async ({ page }) => {
    await openSignUp(page)
    await fillSignUp(page, { ...valid, password: 'abc12' })
    const password = page.getByLabel('Password')
    await expect(password).toHaveAttribute('minlength', '6')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expectToast(page, 'Error', 'Password must be at least 6 characters', 'error')
    await expect(password).toHaveAccessibleDescription('Password must be at least 6 characters')
    await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible()
  })

  test("an empty form is the server's to answer: no browser bubble, the spec's message", async ({ page }) => {
    await page.goto('/auth')
    await expect(page.locator('form').filter({ has: page.getByLabel('Email') })).toHaveAttribute('novalidate', '')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expectToast(page, 'Error', 'Invalid email address', 'error')
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email address')
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  })
})

test('?mode=sign-up opens the sign-up form', async ({ page }) => {
  await page.goto('/auth?mode=sign-up')
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible()
  await expect(page).toHaveTitle(/Sign up/)
  await expect(page.getByLabel('Full Name')).toBeVisible()
})

test('the toggle switches between sign-in and sign-up; Full Name only on sign-up', async ({ page }) => {
  await page.goto('/auth')
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  await expect(page.getByLabel('Full Name')).toHaveCount(0)
  await expect(page.getByLabel('Password')).not.toHaveAttribute('minlength')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible()
  await expect(page.getByLabel('Full Name')).toBeVisible()
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
})

test('a wrong password shows the service error in a destructive toast @any-viewport', async ({ page }) => {
  const owner = await createOwner('wrong-password')
  await page.goto('/auth')
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expectToast(page, 'Error', 'Invalid login credentials', 'error')
  await expect(page.getByLabel('Email')).toHaveValue(owner.email)
})

test('signing up with a taken email shows the service error @any-viewport', async ({ page }) => {
  const owner = await createOwner('taken')
  await openSignUp(page)
  await fillSignUp(page, owner)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expectToast(page, 'Error', 'User already registered', 'error')
})

test("sign-up: 'Please wait...' while submitting, then 'Account created!' and on to / @any-viewport", async ({ page }) => {
  await openSignUp(page)
  await fillSignUp(page, newCredentials('signup'))
  await slowDownNextAction(page)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByRole('button', { name: 'Please wait...' })).toBeDisabled()
  await expectToast(page, 'Account created!', "Welcome to ShelfSnap. Let's set up your shop.", 'success')
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('dialog', { name: 'Create Your Shop' })).toBeVisible()
})

test("sign-in: 'Please wait...' while submitting, then 'Welcome back!' and on to / (a shop owner lands on products) @any-viewport", async ({ page }) => {
  const owner = await createOwner('signin', { shopName: 'Signin Stores' })
  await page.goto('/auth')
  await page.getByLabel('Email').fill(`  ${owner.email}  `)
  await page.getByLabel('Password').fill(owner.password)
  await slowDownNextAction(page)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('button', { name: 'Please wait...' })).toBeDisabled()
  await expectToast(page, 'Welcome back!', "You've successfully logged in.", 'success')
  await expect(page).toHaveURL('/app/products')
  await expect(page.getByText('Signin Stores')).toBeVisible()
})

test('after sign-in the user returns to the protected page they asked for @any-viewport', async ({ page }) => {
  const owner = await createOwner('next')
  await page.goto('/dashboard')
  await expect(page).toHaveURL('/auth?next=%2Fdashboard')
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
})

for (const next of ['//evil.example/phish', 'https://evil.example/', '/\\evil.example']) {
  test(`a foreign next=${next} is ignored @any-viewport`, async ({ page }) => {
    const owner = await createOwner('foreign-next')
    await signInThroughUi(page, owner, `/auth?next=${encodeURIComponent(next)}`)
    await expect(page).toHaveURL('/app/products')
  })
}
