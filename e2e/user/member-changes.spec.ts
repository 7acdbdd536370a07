// The header and the pages keep a member's shops and role for a few seconds
// (lib/auth/shop-choice-cache.ts); a change the owner makes in the app shows on
// the member's very next page all the same.
import { expect, test } from '@playwright/test'
import { adminClient, createOwner, getOwnShop, signedInClient } from '../_helpers/stack'
import { expectToast, signIn } from '../_helpers/ui'

test.use({ storageState: { cookies: [], origins: [] } })

test('the owner makes a manager staff, then lets staff confirm counts: the member’s next page shows each change', async ({ page, browser }) => {
  const owner = await createOwner('changes-owner', { shopName: 'Change Corner', products: [{ name: 'Change Rice', sku: 'CR-1', qty: 6, low_stock_threshold: 1 }] })
  const shop = await getOwnShop(owner)
  const member = await createOwner('changes-member', { shopName: null })
  const { data: memberUser } = await (await signedInClient(member)).auth.getUser()
  // made a manager before their first page, as an accepted invitation would
  await adminClient().from('shop_members').insert({ shop_id: shop.id, user_id: memberUser.user!.id, role: 'manager' }).throwOnError()
  const { data: product } = await adminClient().from('products').select('id').eq('shop_id', shop.id).single().throwOnError()

  const context = await browser.newContext()
  const memberPage = await context.newPage()
  await signIn(memberPage, member, '/app/products')
  const nav = memberPage.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()

  await signIn(page, owner, '/settings/team')
  const row = page.getByRole('region', { name: 'Members' }).getByRole('listitem').filter({ hasText: member.email })
  await row.getByLabel(`Role of ${member.email}`).selectOption('staff')
  await row.getByRole('button', { name: 'Change role' }).click()
  await expectToast(page, `${member.email}: role changed`, 'Now staff', 'success')

  // Staff: no dashboard, and no count correction while the owner has not allowed it.
  await memberPage.goto(`/app/products/${product.id}`)
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  const setCount = memberPage.getByRole('group', { name: 'Change' }).getByRole('radio', { name: 'Set count' })
  await expect(memberPage.getByRole('group', { name: 'Change' }).getByRole('radio')).toHaveCount(2)
  await expect(setCount).toHaveCount(0)

  await page.goto('/settings')
  await page.getByLabel('Staff can confirm stocktakes').check()
  await page.getByRole('button', { name: 'Save team settings' }).click()
  await expectToast(page, 'Staff can confirm stocktakes', '', 'success')

  await memberPage.reload()
  await expect(setCount).toBeVisible()
  await context.close()
})
