// Sign-in is limited per client (the address the deployment's proxy puts in x-real-ip,
// TRUSTED_IP_HEADER) and per email, never for everyone at once.
import { expect, test, type Page } from '@playwright/test'
import { createOwner } from '../_helpers/stack'
import { expectToast } from '../_helpers/ui'

/** Every request of this page to the app arrives from `address`, as the host's proxy would say; returns the actions' answers. */
async function from(page: Page, baseURL: string, address: string, spoofed?: () => Record<string, string>): Promise<string[]> {
  const answers: string[] = []
  await page.route(`${baseURL}/**`, async (route) => {
    const headers = { ...route.request().headers(), ...spoofed?.(), 'x-real-ip': address }
    if (!route.request().headers()['next-action']) return route.continue({ headers })
    const response = await route.fetch({ headers })
    answers.push(await response.text())
    await route.fulfill({ response })
  })
  return answers
}

test('40 wrong passwords from one client: that client is stopped, another owner elsewhere signs in at once', { tag: '@any-viewport' }, async ({ browser, baseURL }) => {
  const victim = await createOwner('limit-victim')
  const other = await createOwner('limit-other')

  const attacker = await browser.newPage()
  const answers = await from(attacker, baseURL!, '203.0.113.7')
  await attacker.goto('/auth')
  await attacker.getByLabel('Email').fill(victim.email)
  await attacker.getByLabel('Password').fill('not-the-password')
  for (let i = 1; i <= 40; i++) {
    await attacker.getByRole('button', { name: 'Sign In' }).click()
    await expect.poll(() => answers.length).toBe(i)
    await expect(attacker.getByRole('button', { name: 'Sign In' })).toBeEnabled()
  }
  expect(answers.filter((text) => text.includes('Invalid login credentials'))).toHaveLength(10)
  expect(answers.slice(10).every((text) => text.includes('Too many attempts. Please wait a few minutes and try again.'))).toBe(true)
  await expectToast(attacker, 'Error', 'Too many attempts. Please wait a few minutes and try again.', 'error')

  const owner = await browser.newPage()
  await from(owner, baseURL!, '198.51.100.9')
  await owner.goto('/auth')
  await owner.getByLabel('Email').fill(other.email)
  await owner.getByLabel('Password').fill(other.password)
  await owner.getByRole('button', { name: 'Sign In' }).click()
  await expectToast(owner, 'Welcome back!', "You've successfully logged in.", 'success')
  await expect(owner).toHaveURL(/\/app\/products$/)
})

test('a client that rotates an address header the deployment does not trust gets no fresh bucket', { tag: '@any-viewport' }, async ({ browser, baseURL }) => {
  // The tests' server trusts x-real-ip only (TRUSTED_IP_HEADER), as a host's proxy sets it; the
  // client makes up a new X-Forwarded-For and tries a new email each time.
  let n = 0
  const attacker = await browser.newPage()
  const answers = await from(attacker, baseURL!, '203.0.113.77', () => ({ 'x-forwarded-for': `192.0.2.${++n}`, 'x-client-ip': `192.0.2.${n}` }))
  await attacker.goto('/auth')
  await attacker.getByLabel('Password').fill('not-the-password')
  for (let i = 1; i <= 24; i++) {
    await attacker.getByLabel('Email').fill(`rotating-${i}@example.com`)
    await attacker.getByRole('button', { name: 'Sign In' }).click()
    await expect.poll(() => answers.length).toBe(i)
    await expect(attacker.getByRole('button', { name: 'Sign In' })).toBeEnabled()
  }
  expect(answers.slice(0, 20).every((text) => text.includes('Invalid login credentials'))).toBe(true)
  expect(answers.slice(20).every((text) => text.includes('Too many attempts. Please wait a few minutes and try again.'))).toBe(true)
})
