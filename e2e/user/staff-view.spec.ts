import { expect, test, type Page } from '@playwright/test'
import { shelfPhoto } from '../../test/shelf/generate-shelf-photo'
import { adminClient, browserSession, createOwner, getOwnShop, newCredentials, readyStocktake, restFromPage, signedInClient, type Credentials } from '../_helpers/stack'
import { expectToast, productCard, signIn } from '../_helpers/ui'

// Shops of their own: a sale by staff in the setup owner's shop would move stock other specs count.
const COST = '7.31'

/** A shop with one product that has a cost, and its product's id. */
async function costedShop(tag: string, shopName: string, product: string, qty: number) {
  const owner = await createOwner(tag, { shopName, products: [{ name: product, sku: tag.toUpperCase(), qty, low_stock_threshold: 1 }] })
  const shop = await getOwnShop(owner)
  const { data } = await (await signedInClient(owner)).from('products').update({ unit_cost: Number(COST), unit_price: 2.5 }).eq('shop_id', shop.id).select('id').single().throwOnError()
  return { owner, shop, productId: data.id as string }
}

/** A person with a password, made through the auth admin API (as an invite would), and staff in a shop. */
async function newStaff(shopId: string): Promise<Credentials & { id: string }> {
  const credentials = newCredentials('staff')
  const { data, error } = await adminClient().auth.admin.createUser({ email: credentials.email, password: credentials.password, email_confirm: true })
  if (error) throw error
  await join(data.user.id, shopId)
  return { ...credentials, id: data.user.id }
}

const join = async (userId: string, shopId: string) => {
  await adminClient().from('shop_members').insert({ shop_id: shopId, user_id: userId, role: 'staff' }).throwOnError()
}

/** The shop switcher's answer: the server action's response, after which the page is the new shop's. */
async function chooseShop(page: Page, label: string) {
  const switched = page.waitForResponse((response) => response.request().method() === 'POST' && !!response.request().headers()['next-action'])
  await page.getByLabel('Shop', { exact: true }).selectOption({ label })
  await switched
}

const storedQty = async (productId: string) =>
  ((await adminClient().from('products').select('qty').eq('id', productId).single().throwOnError()).data as { qty: number }).qty

test('staff sell at the counter and see no cost anywhere; the owner’s pages and the raw API refuse them', async ({ page }, testInfo) => {
  const tag = `cola-${testInfo.project.name}`
  const a = await costedShop(tag, 'Cola Corner', 'Cola Can', 5)
  const { jpeg } = await shelfPhoto({ items: [], width: 800, height: 600, seed: 3 })
  const sessionId = await readyStocktake(a.owner, jpeg, { start: { [a.productId]: 5 }, end: { [a.productId]: 4 } })
  const staff = await newStaff(a.shop.id)
  await signIn(page, staff)

  // Staff land on the counter, not on "create your shop", with the links they can use.
  await expect(page).toHaveURL('/app/products')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Scan' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  await nav.getByRole('button', { name: 'More' }).click()
  await expect(page.getByRole('menuitem')).toHaveText(['Settings'])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('link', { name: 'Add Product' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Tools' }).click()
  await expect(page.getByRole('menuitem')).toHaveText(['Print labels'])
  await page.keyboard.press('Escape')

  const cola = productCard(page, 'Cola Can')
  await cola.getByRole('button', { name: 'Sold 1 Cola Can' }).click()
  await expectToast(page, 'Sold 1 × Cola Can', 'Stock is now 4', 'success')
  await expect.poll(() => storedQty(a.productId)).toBe(4)

  // The product page: its price and history, no cost, suppliers or buttons that change it.
  await page.goto(`/app/products/${a.productId}`)
  await expect(page.getByRole('heading', { name: 'Cola Can', level: 1 })).toBeVisible()
  await expect(page.getByRole('term').filter({ hasText: /^Price$/ })).toBeVisible()
  await expect(page.getByRole('term').filter({ hasText: /^Cost$/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Stock history' })).toBeVisible()
  // Stock changes with a reason (a broken can), but no count correction: that is what confirming books.
  const change = page.getByRole('group', { name: 'Change' })
  await expect(change.getByRole('radio')).toHaveCount(2)
  await expect(change.getByRole('radio', { name: 'Set count' })).toHaveCount(0)
  await expect(page.getByLabel('Reason').getByRole('option', { name: 'Count correction' })).toHaveCount(0)
  // Only the reasons that go the chosen way: adding stock is no sale, and removing it no delivery.
  await expect(page.getByLabel('Reason').getByRole('option')).toHaveText(['Received', 'Returned'])
  await change.getByText('Remove', { exact: true }).click()
  await expect(page.getByLabel('Reason').getByRole('option')).toHaveText(['Sold', 'Damaged', 'Lost or stolen'])
  await page.getByLabel('How many').fill('1')
  await page.getByLabel('Reason').selectOption('damaged')
  await page.getByRole('button', { name: 'Save stock change' }).click()
  await expectToast(page, 'Stock updated', 'Stock is now 3', 'success')
  await expect.poll(() => storedQty(a.productId)).toBe(3)

  // The review: counts to check, and who confirms them, instead of a button that would fail.
  await page.goto(`/stocktakes/${sessionId}`)
  await expect(page.getByText('A manager or the owner confirms this stocktake')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirm counts and update stock' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Discard stocktake' })).toHaveCount(0)

  // Settings: their own two-factor sign-in, none of the shop's.
  await page.goto('/settings')
  await expect(page.getByRole('note')).toHaveText("The shop's settings are for the owner and managers of Cola Corner.")
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Shop', exact: true })).toHaveCount(0)
  await page.goto('/settings/team')
  await expect(page.getByRole('status')).toHaveText("Only the shop's owner manages its team")
  for (const [path, heading] of [
    ['/reports', 'Reports: for the owner and managers'],
    ['/dashboard', 'The dashboard: for the owner and managers'],
    ['/app/reorder', 'Reorder: for the owner and managers'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: heading })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to products' })).toBeVisible()
  }
  // Each page's own heading first: a streamed page briefly holds its loading <main> as well.
  for (const [path, loaded] of [
    ['/app/products', page.getByRole('main').getByRole('link', { name: 'Cola Can' })],
    ['/upload', page.getByRole('heading', { name: 'Upload Photos', level: 1 })],
    [`/stocktakes/${sessionId}`, page.getByRole('heading', { name: 'Review stocktake', level: 1 })],
    [`/app/products/${a.productId}`, page.getByRole('heading', { name: 'Cola Can', level: 1 })],
  ] as const) {
    await page.goto(path)
    await expect(loaded).toBeVisible()
    await expect(page.getByRole('main')).toHaveCount(1)
    await expect(page.getByRole('main')).not.toContainText(COST)
  }
  expect((await page.request.get('/app/products/export')).status()).toBe(403)
  expect((await page.request.get('/reports/export?range=today')).status()).toBe(403)

  // Their own token, from their own page, straight at the API.
  const { access_token: token } = await browserSession(page.context())
  const calls = await Promise.all([
    restFromPage(page, token, '/products?select=unit_cost'),
    restFromPage(page, token, '/products?select=*'),
    restFromPage(page, token, '/product_costs?select=*'),
    restFromPage(page, token, '/rpc/catalogue', {}),
    restFromPage(page, token, '/rpc/shop_report_of', { p_shop_id: a.shop.id, p_range: '30d' }),
    restFromPage(page, token, '/rpc/reorder_inputs', {}),
  ])
  expect(calls.map((call) => call.status)).toEqual([403, 403, 200, 200, 200, 200])
  expect(calls[2]!.text).toBe('[]')
  expect(calls[3]!.text).toContain('Cola Can')
  expect(calls[4]!.text).toBe('null')
  for (const call of calls) expect(call.text).not.toContain(COST)
})

test('a member of two shops switches in the header, and sells in the shop chosen', async ({ page }, testInfo) => {
  const a = await costedShop(`jam-${testInfo.project.name}`, 'Jam Corner', 'Jam Jar', 5)
  const b = await costedShop(`tea-${testInfo.project.name}`, 'Tea Shop', 'Tea Bags', 9)
  const staff = await newStaff(a.shop.id)
  await signIn(page, staff)
  await expect(productCard(page, 'Jam Jar')).toBeVisible()
  // One shop: nothing to switch.
  await expect(page.getByLabel('Shop', { exact: true })).toHaveCount(0)

  // Invited to a second shop: joining works in that one at once (the join also has the header ask the database again).
  await (await signedInClient(b.owner)).rpc('invite_member', { p_email: staff.email, p_role: 'staff' }).throwOnError()
  await page.goto('/join')
  await page.getByRole('button', { name: 'Join Tea Shop' }).click()
  await expect(page).toHaveURL('/app/products')
  await expect(productCard(page, 'Tea Bags')).toBeVisible()
  await expect(productCard(page, 'Jam Jar')).toHaveCount(0)
  await expect(page.getByText('Tea Shop', { exact: true })).toBeVisible()

  await productCard(page, 'Tea Bags').getByRole('button', { name: 'Sold 1 Tea Bags' }).click()
  await expectToast(page, 'Sold 1 × Tea Bags', 'Stock is now 8', 'success')
  await expect.poll(() => storedQty(b.productId)).toBe(8)
  expect(await storedQty(a.productId)).toBe(5)

  // The choice holds on the next page, and switching back shows the first shop again.
  await page.goto('/upload')
  await expect(page.getByLabel('Shop', { exact: true })).toHaveValue(b.shop.id)
  await chooseShop(page, 'Jam Corner (Staff)')
  await expect(page).toHaveURL('/upload')
  await page.goto('/app/products')
  await expect(productCard(page, 'Jam Jar')).toBeVisible()
})
