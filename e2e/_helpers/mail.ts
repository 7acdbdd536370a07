import { expect, type Page } from '@playwright/test'
import type { Credentials } from './stack'
import { expectToast, fillSignUp } from './ui'

export interface CaughtEmail {
  Subject: string
  Text: string
  HTML: string
}

/** Every email the catcher (E2E_MAIL_URL, Mailpit's API) holds for `to`, newest first. */
export async function mailTo(to: string): Promise<CaughtEmail[]> {
  const mail = process.env.E2E_MAIL_URL!
  const found = (await (await fetch(`${mail}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)).json()) as { messages: { ID: string }[] }
  return Promise.all(found.messages.map(async ({ ID }) => (await (await fetch(`${mail}/api/v1/message/${ID}`)).json()) as CaughtEmail))
}

/** The newest email to `to` with `subject` (waiting for it to arrive), and its link into the app's /auth/confirm. */
export async function confirmLinkIn(to: string, subject: string): Promise<string> {
  let found: CaughtEmail[] = []
  await expect(async () => {
    found = (await mailTo(to)).filter((message) => message.Subject === subject)
    expect(found.length).toBeGreaterThan(0)
  }).toPass()
  return /href="([^"]+\/auth\/confirm[^"]+)"/.exec(found[0]!.HTML)![1]!.replaceAll('&amp;', '&')
}

/** Signs up through the form on a project that confirms emails, and follows the emailed link. */
export async function signUpAndConfirm(page: Page, credentials: Credentials) {
  await page.goto('/auth?mode=sign-up')
  await fillSignUp(page, credentials)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expectToast(page, 'Account created!', `We sent a link to ${credentials.email}: follow it to confirm your account.`, 'success')
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible()
  await page.goto(await confirmLinkIn(credentials.email, 'Confirm your ShelfSnap account'))
}
