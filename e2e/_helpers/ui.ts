import { expect, type Locator, type Page } from '@playwright/test'
import { appSessionCookies, type Credentials } from './stack'

// The app under test, as playwright.config.ts reads it.
const APP_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000'

/** A sonner toast: title and description, and whether it is the destructive (error) kind. */
export async function expectToast(page: Page, title: string, description: string, kind: 'success' | 'error') {
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title })
    .filter({ hasText: description })
    .first()
  await expect(toast).toBeVisible()
  await expect(toast).toHaveAttribute('data-type', kind)
}

export async function fillSignUp(page: Page, { fullName, email, password }: Credentials) {
  await page.getByLabel('Full Name').fill(fullName)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
}

export async function signUpThroughUi(page: Page, credentials: Credentials) {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await fillSignUp(page, credentials)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expectToast(page, 'Account created!', "Welcome to ShelfSnap. Let's set up your shop.", 'success')
}

/**
 * Signed in without the form, then at `path` ('/' lands an owner where signing in does). The browser
 * gets the cookies the sign-in action would set; auth-form.spec and session.spec use the form itself.
 */
export async function signIn(page: Page, owner: Credentials, path = '/') {
  const cookies = await appSessionCookies(owner)
  await page.context().addCookies(cookies.map((cookie) => ({ ...cookie, url: APP_URL })))
  await page.goto(path)
}

export async function signInThroughUi(page: Page, { email, password }: Credentials, path = '/auth') {
  await page.goto(path)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expectToast(page, 'Welcome back!', "You've successfully logged in.", 'success')
}

/** Holds the next server-action POST for a moment, so the pending state can be seen. */
export async function slowDownNextAction(page: Page, ms = 1500) {
  await page.route('**/*', async (route) => {
    const request = route.request()
    if (request.method() === 'POST' && request.headers()['next-action']) {
      await new Promise((done) => setTimeout(done, ms))
    }
    await route.fallback()
  })
}

/** A product card in the catalogue grid, by the product's exact name. */
export function productCard(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

/** The value a report shows under a figure's name in its figures list (<dt>/<dd>). */
export function reportFigure(page: Page, label: string): Locator {
  return page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
}

/** One of the dashboard's four stat cards, by its title. */
export function statCard(page: Page, title: string): Locator {
  return page.getByRole('list', { name: 'Today at a glance' }).getByRole('group', { name: title })
}

/** The catalogue rows wholly on screen: below the top edge and above the phone's tab bar. */
export async function productRowsOnScreen(page: Page): Promise<number> {
  const rows = page.getByRole('list', { name: 'Products' }).getByRole('listitem')
  await expect(rows.first()).toBeVisible()
  const tabBar = await page.getByRole('navigation', { name: 'Main' }).boundingBox()
  const boxes = await rows.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect))
  return boxes.filter((box) => box.top >= 0 && box.bottom <= tabBar!.y).length
}

/** Links and buttons that reach past the right edge of the screen (nothing should). */
export async function controlsPastRightEdge(page: Page): Promise<string[]> {
  return page.locator('a:visible, button:visible').evaluateAll((controls) =>
    controls
      .filter((control) => control.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((control) => control.textContent?.trim() ?? ''),
  )
}

/**
 * The texts that do not fit their box as drawn, between its paddings (a select's arrow takes about
 * 20 px more): an input's placeholder, or every option of a select ("Search product", "Olive …").
 */
export function textsCutOff(box: Locator): Promise<string[]> {
  return box.evaluate((element: HTMLInputElement | HTMLSelectElement) => {
    const style = getComputedStyle(element)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = style.font
    const select = element instanceof HTMLSelectElement
    const inner = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (select ? 20 : 0)
    const texts = select ? [...element.options].map((option) => option.text) : [element.placeholder]
    return texts.filter((text) => context.measureText(text).width > inner)
  })
}
