// As a new owner on a project that requires email confirmation (scripts/e2e.ts runs this
// against the stack with enable_confirmations on): the emails come through the mail
// catcher, as they would to the owner's inbox.
import { expect, test } from '@playwright/test'
import { confirmLinkIn, mailTo, signUpAndConfirm } from '../_helpers/mail'
import { newCredentials } from '../_helpers/stack'
import { expectToast, fillSignUp } from '../_helpers/ui'

test('a new owner signs up, follows the link in the confirmation email and lands signed in', async ({ page }) => {
  const owner = newCredentials('confirm')
  await page.goto('/auth?mode=sign-up')
  await fillSignUp(page, owner)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expectToast(page, 'Account created!', `We sent a link to ${owner.email}: follow it to confirm your account.`, 'success')

  // not signed in until the link is followed; the sign-in form says why and offers the link again
  await page.goto('/auth')
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expectToast(page, 'Error', 'Confirm your email address first: follow the link we sent you.', 'error')
  // pressed within a minute of the first email, it says so, as hosted GoTrue does, and sends nothing
  await page.getByRole('button', { name: 'Resend confirmation' }).click()
  await expectToast(page, 'Could not resend the link', 'For security purposes, you can only request this after', 'error')
  await expect.poll(async () => (await mailTo(owner.email)).map((message) => message.Subject)).toEqual(['Confirm your ShelfSnap account'])

  await page.goto(await confirmLinkIn(owner.email, 'Confirm your ShelfSnap account'))
  // signed in, on to set up the shop, as after a sign-up without confirmation
  await expect(page.getByRole('dialog', { name: 'Create Your Shop' })).toBeVisible()

  // a link works once
  await page.goto(await confirmLinkIn(owner.email, 'Confirm your ShelfSnap account'))
  await expect(page).toHaveURL('/auth?link=expired')
  await expect(page.getByRole('alert').filter({ hasText: 'That link has expired or was already used. Sign in, or ask for a new one below. Invited and no password yet? Use "Forgot password?".' })).toBeVisible()
})

test('an owner who forgot the password resets it through the emailed link and signs in with the new one', async ({ page, browser }) => {
  const owner = newCredentials('reset')
  await signUpAndConfirm(page, owner)
  await expect(page.getByRole('dialog', { name: 'Create Your Shop' })).toBeVisible()
  await page.context().clearCookies()

  await page.goto('/auth')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('Email').fill(owner.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toHaveText(`If ${owner.email} has a ShelfSnap account, we sent it a link to choose a new password.`)

  await page.goto(await confirmLinkIn(owner.email, 'Reset your ShelfSnap password'))
  await expect(page).toHaveURL('/auth/update-password')
  // signed in by the emailed link: the current password is not asked (it was forgotten)
  await expect(page.getByLabel('Current password')).toHaveCount(0)
  await page.getByLabel('New password', { exact: true }).fill('a-new-secret-1')
  await page.getByLabel('New password again').fill('a-new-secret-2')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByLabel('New password again')).toHaveAccessibleDescription('The passwords do not match')
  await page.getByLabel('New password again').fill('a-new-secret-1')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expectToast(page, 'Password changed', 'Your password is changed.', 'success')
  // On to /, where an owner with no shop yet creates one (with a shop: their products).
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('dialog', { name: 'Create Your Shop' })).toBeVisible()

  const fresh = await browser.newPage()
  await fresh.goto('/auth')
  await fresh.getByLabel('Email').fill(owner.email)
  await fresh.getByLabel('Password').fill(owner.password)
  await fresh.getByRole('button', { name: 'Sign In' }).click()
  await expectToast(fresh, 'Error', 'Invalid login credentials', 'error')
  await fresh.getByLabel('Password').fill('a-new-secret-1')
  await fresh.getByRole('button', { name: 'Sign In' }).click()
  await expectToast(fresh, 'Welcome back!', "You've successfully logged in.", 'success')
  await fresh.close()
})
