import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { expect, test as setup } from '@playwright/test'
import { catalogue, OWNER_CREDENTIALS, OWNER_STATE } from '../_helpers/catalogue'
import { addProducts, getOwnShop, newCredentials, signedInClient } from '../_helpers/stack'
import { signUpThroughUi } from '../_helpers/ui'

// One shop owner, signed up and onboarded through the UI, shared read-only by the catalogue specs.
setup('sign up an owner with a stocked shop', async ({ page }) => {
  const credentials = newCredentials('owner')
  await signUpThroughUi(page, credentials)
  await expect(page.getByRole('dialog', { name: 'Create Your Shop' })).toBeVisible()
  await page.getByLabel('Shop Name').fill('Corner Shop E2E')
  await page.getByRole('button', { name: 'Create Shop' }).click()
  await expect(page).toHaveURL('/app/products')

  const shop = await getOwnShop(credentials)
  await addProducts(await signedInClient(credentials), shop.id, catalogue)

  mkdirSync(dirname(OWNER_STATE), { recursive: true })
  writeFileSync(OWNER_CREDENTIALS, JSON.stringify(credentials))
  await page.context().storageState({ path: OWNER_STATE })
})
