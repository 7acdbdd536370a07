import { expect, test } from '@playwright/test'
import { createOwner } from '../_helpers/stack'
import { signIn } from '../_helpers/ui'

// The Scan page on a device without a camera (Chromium without a fake one) says so.
test.use({ permissions: ['camera'] })
test.skip(({ isMobile }) => !isMobile, 'the camera is the phone’s: run once, on the phone')

test('a device with no camera says so', async ({ page }) => {
  await signIn(page, await createOwner('scan-no-camera'), '/scan')
  await expect(page.getByRole('alert').filter({ hasText: 'No camera found' })).toBeVisible()
})
