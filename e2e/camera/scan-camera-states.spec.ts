import { expect, test } from '@playwright/test'
import { chromiumLaunchOptions } from '../_helpers/chromium'
import { appSessionCookies, createOwner } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

// The Scan page without a picture says why, in the owner's words, and what to do.
const APP_URL = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000')
// A name for the app that is not this computer's own: a page there is not a secure context.
const LAN_HOST = 'shop-laptop.test'

test.skip(({ isMobile }) => !isMobile, 'the camera is the phone’s: run once, on the phone')

// A camera (Chromium's fake one), not allowed until the test allows it; and the app reached by a name.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--use-fake-device-for-media-stream', `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  },
})

test('the owner did not allow the camera: how to allow it, and Try again', async ({ page }) => {
  await signIn(page, await createOwner('scan-denied'), '/scan')
  const alert = page.getByRole('alert').filter({ hasText: 'ShelfSnap may not use the camera' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('set Camera to Allow')
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible()
  // allowed now: Try again opens it
  await page.context().grantPermissions(['camera'])
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(alert).toHaveCount(0)
  await expect(page.getByRole('figure', { name: 'Camera' }).locator('video')).toHaveJSProperty('paused', false)
})

test('a page not served over HTTPS (the dev server reached from a phone): how to reach it over HTTPS', async ({ page }) => {
  const owner = await createOwner('scan-insecure')
  const lan = `http://${LAN_HOST}:${APP_URL.port}`
  await page.context().addCookies((await appSessionCookies(owner)).map((cookie) => ({ ...cookie, url: lan })))
  await page.goto(`${lan}/scan`)
  const alert = page.getByRole('alert').filter({ hasText: 'The camera needs a secure connection' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('next dev --experimental-https')
})
