// The counter with no network: the page opens from the device, taps wait on the phone (through
// closing the page), and are booked once each when the network is back.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test'
import { movementsOf, ownerWithCatalogue, productId, stockOf } from '../_helpers/catalogue'
import { chromiumLaunchOptions } from '../_helpers/chromium'
import { hydrated, readyForOffline, tapApart } from '../_helpers/offline'
import { appSessionCookies, signedInClient } from '../_helpers/stack'
import { expectToast, productCard, signIn } from '../_helpers/ui'
import { randomUUID } from 'node:crypto'

// with the service worker in control, as on an owner's phone
test.use({ serviceWorkers: 'allow' })

const COLA = { name: 'Cola Can', sku: 'COLA', qty: 10, low_stock_threshold: 1 }
const CRISPS = { name: 'Salted Crisps', sku: 'CRISPS', qty: 4, low_stock_threshold: 1 }

test('taps made offline wait on the phone, survive closing the page, and are booked once each back online @any-viewport', async ({ page, context }) => {
  test.setTimeout(120_000)
  const owner = await ownerWithCatalogue(page, 'offline-counter', [COLA, CRISPS])
  await readyForOffline(page)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(/You're offline\. Showing your catalogue as of /)).toBeVisible()
  // the search works from the copy kept on the phone
  await page.getByRole('searchbox', { name: 'Search products' }).fill('crisps')
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 2 })).toHaveText(['Salted Crisps'])
  await page.getByRole('searchbox', { name: 'Search products' }).fill('')
  await tapApart(page, 'Sold 1 Cola Can', 3)
  await tapApart(page, 'Add one Salted Crisps', 2)
  await expect(page.getByText('5 changes waiting to sync')).toBeVisible()
  await expect(productCard(page, 'Cola Can')).toContainText('Stock: 7')
  await expect(productCard(page, 'Cola Can')).toContainText('Stock: 7 · 3 taken off, not synced yet')
  await expect(productCard(page, 'Salted Crisps')).toContainText('Stock: 6')

  // Closed and opened again, still offline: the changes are on the phone, not in the page.
  await page.close()
  const again = await context.newPage()
  await again.goto('/app/products')
  await expect(again.getByText('5 changes waiting to sync')).toBeVisible()
  await expect(productCard(again, 'Cola Can')).toContainText('Stock: 7')
  expect(await stockOf(owner, 'COLA')).toBe(10)

  await context.setOffline(false)
  await expect(again.getByText(/waiting to sync|not synced yet/)).toHaveCount(0)
  await expect(again.getByRole('region', { name: 'Sync' })).toHaveCount(0, { timeout: 20_000 })
  // What the phone showed is what got stored: one movement per change.
  expect((await movementsOf(owner, 'COLA')).map(({ delta, reason }) => ({ delta, reason }))).toEqual(Array(3).fill({ delta: -1, reason: 'sold' }))
  expect((await movementsOf(owner, 'CRISPS')).map(({ delta, reason }) => ({ delta, reason }))).toEqual(Array(2).fill({ delta: 1, reason: 'received' }))
  expect(await stockOf(owner, 'COLA')).toBe(7)
  expect(await stockOf(owner, 'CRISPS')).toBe(6)
  await expect(productCard(again, 'Cola Can')).toContainText('Stock: 7')
})

test('a change whose answer is lost on the way back is sent again and booked once @any-viewport', async ({ page, context }) => {
  test.setTimeout(90_000)
  const owner = await ownerWithCatalogue(page, 'offline-resend', [COLA])
  await hydrated(page.getByRole('button', { name: 'Sold 1 Cola Can' }))
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Sold 1 Cola Can' }).click()
  await expect(page.getByText('1 change waiting to sync')).toBeVisible()

  // Back online, the first send reaches the server and is booked, but its answer never arrives.
  const sent: string[] = []
  await context.route('**/app/products', async (route) => {
    const request = route.request()
    if (request.method() !== 'POST' || !request.headers()['next-action']) return route.fallback()
    sent.push(request.postData() ?? '')
    if (sent.length > 1) return route.fallback()
    await route.fetch()
    await route.abort('connectionreset')
  })
  await context.setOffline(false)
  await expect(page.getByRole('region', { name: 'Sync' })).toHaveCount(0, { timeout: 30_000 })
  expect(sent.length).toBeGreaterThanOrEqual(2)
  // every send carried the same request id
  const ids = sent.map((body) => body.match(/name="[^"]*request_id"\r\n\r\n([0-9a-f-]{36})/)?.[1])
  expect(ids[0]).toBeTruthy()
  expect(new Set(ids)).toEqual(new Set([ids[0]]))
  expect(await movementsOf(owner, 'COLA')).toHaveLength(1)
  expect(await stockOf(owner, 'COLA')).toBe(9)
  await expect(productCard(page, 'Cola Can')).toContainText('Stock: 9')
})

test('a sale made offline of stock another phone sold meanwhile is shown as a conflict, not booked @any-viewport', async ({ page, context }) => {
  test.setTimeout(90_000)
  const owner = await ownerWithCatalogue(page, 'offline-conflict', [{ ...COLA, qty: 1 }])
  await hydrated(page.getByRole('button', { name: 'Sold 1 Cola Can' }))
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Sold 1 Cola Can' }).click()
  await expect(page.getByText('1 change waiting to sync')).toBeVisible()

  // Meanwhile the till's other phone sells the last one.
  const other = await signedInClient(owner)
  const { data: product } = await other.from('products').select('id').eq('sku', 'COLA').single().throwOnError()
  await other
    .rpc('adjust_stock', { p_product_id: product.id, p_delta: -1, p_reason: 'sold', p_note: null, p_source: 'manual', p_request_id: randomUUID() })
    .throwOnError()

  await context.setOffline(false)
  const conflicts = page.getByRole('region', { name: /could not be booked/ })
  await expect(conflicts).toBeVisible({ timeout: 20_000 })
  await expect(conflicts).toContainText('Sold 1 × Cola Can')
  await expect(page.getByText(/waiting to sync|not synced yet/)).toHaveCount(0)
  expect(await movementsOf(owner, 'COLA')).toHaveLength(1)
  expect(await stockOf(owner, 'COLA')).toBe(0)
  await expect(productCard(page, 'Cola Can')).toContainText('Stock: 0')
})

/** Goes offline with one "Sold 1 Cola Can" waiting and taps Sign Out: the dialog that asks first. */
async function signOutWithOneWaiting(page: Page, context: BrowserContext) {
  await hydrated(page.getByRole('button', { name: 'Sold 1 Cola Can' }))
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Sold 1 Cola Can' }).click()
  await expect(page.getByText('1 change waiting to sync')).toBeVisible()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  const ask = page.getByRole('dialog')
  await expect(ask).toHaveAccessibleName('1 change not synced yet')
  await expect(ask.getByRole('button', { name: 'Sync and sign out' })).toBeDisabled()
  return ask
}

/** Signed out, and the one sale waiting was booked once. */
async function signedOutWithTheSaleBooked(page: Page, owner: Awaited<ReturnType<typeof ownerWithCatalogue>>) {
  await expect(page).toHaveURL('/auth')
  expect(await movementsOf(owner, 'COLA')).toHaveLength(1)
  expect(await stockOf(owner, 'COLA')).toBe(9)
}

test('signing out with a change waiting asks first; "Sync and sign out" books it, then signs out @any-viewport', async ({ page, context }) => {
  test.setTimeout(90_000)
  const owner = await ownerWithCatalogue(page, 'offline-sign-out', [COLA])
  const ask = await signOutWithOneWaiting(page, context)
  // Back online the phone sends the change by itself; its answer is held until the owner has chosen.
  let answer = () => {}
  const chosen = new Promise<void>((done) => (answer = done))
  await context.route('**/app/products', async (route) => {
    if (route.request().method() === 'POST' && route.request().postData()?.includes('request_id')) await chosen
    await route.fallback()
  })
  await context.setOffline(false)
  await ask.getByRole('button', { name: 'Sync and sign out' }).click()
  await expect(ask.getByRole('button', { name: 'Syncing…' })).toBeDisabled()
  await expect(page).toHaveURL(/\/app\/products/)
  answer()
  await signedOutWithTheSaleBooked(page, owner)
})

test('a change that syncs by itself while the sign-out dialog is open leaves the dialog saying so, with a way out @any-viewport', async ({ page, context }) => {
  test.setTimeout(90_000)
  const owner = await ownerWithCatalogue(page, 'offline-sign-out-synced', [COLA])
  const ask = await signOutWithOneWaiting(page, context)
  await context.setOffline(false)
  await expect(ask).toHaveAccessibleName('Everything is synced')
  await expect(ask).toContainText('The stock changes made on this phone have been sent.')
  await expect(ask.getByRole('button', { name: 'Sign out anyway' })).toHaveCount(0)
  await ask.getByRole('button', { name: 'Sign out', exact: true }).click()
  await signedOutWithTheSaleBooked(page, owner)
})

test("a change left on the phone by one owner is never sent for another who signs in there; it is for its owner's next visit @any-viewport", async ({ page, context }) => {
  test.setTimeout(120_000)
  const first = await ownerWithCatalogue(page, 'offline-first', [COLA])
  // The stock changes get no answer (a dead spot in the shop); signing out still does.
  await context.route('**/app/products', (route) =>
    route.request().method() === 'POST' && route.request().postData()?.includes('request_id') ? route.abort('connectionreset') : route.fallback(),
  )
  await page.getByRole('button', { name: 'Sold 1 Cola Can' }).click()
  await expect(page.getByText('1 change waiting to sync')).toBeVisible({ timeout: 20_000 })
  // signed out before it could go: it stays on the phone for its owner
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out anyway' }).click()
  await expect(page).toHaveURL('/auth')
  await context.unrouteAll()
  expect(await movementsOf(first, 'COLA')).toHaveLength(0)

  const second = await ownerWithCatalogue(page, 'offline-second', [COLA])
  await expect(page.getByText(/waiting to sync|not synced yet|Syncing/)).toHaveCount(0)
  await page.waitForTimeout(2000)
  expect(await movementsOf(second, 'COLA')).toHaveLength(0)
  expect(await movementsOf(first, 'COLA')).toHaveLength(0)
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/auth')

  await signIn(page, first)
  await expect.poll(() => movementsOf(first, 'COLA').then((rows) => rows.length), { timeout: 20_000 }).toBe(1)
  expect(await stockOf(first, 'COLA')).toBe(9)
  await expect(productCard(page, 'Cola Can')).toContainText('Stock: 9')
})

test("a stock change from a product's page made offline waits on the phone and is booked once, with its reason; a count waits for the network @any-viewport", async ({ page, context }) => {
  test.setTimeout(90_000)
  const owner = await ownerWithCatalogue(page, 'offline-adjust', [COLA])
  await page.goto(`/app/products/${await productId(owner, 'COLA')}`)
  await expect(page.getByText('Stock: 10')).toBeVisible()
  await hydrated(page.getByText('Set count'))
  await context.setOffline(true)

  await page.getByText('Set count').click()
  await page.getByLabel(/Counted on the shelf/).fill('4')
  await page.getByRole('button', { name: 'Save stock change' }).click()
  await expectToast(page, 'Stock not changed', 'Setting a count needs a connection: ShelfSnap compares it with the stock at that moment. Add or remove instead.', 'error')

  await page.getByText('Remove', { exact: true }).click()
  await page.getByLabel('How many').fill('2')
  await page.getByLabel('Reason').selectOption('damaged')
  await page.getByLabel('Note (optional)').fill('Dropped crate')
  await page.getByRole('button', { name: 'Save stock change' }).click()
  await expectToast(page, 'Stock change waiting to sync', 'It is kept on this phone and syncs when you are back online.', 'success')
  await expect(page.getByText('1 change waiting to sync')).toBeVisible()
  await expect(page.getByText('Stock: 8')).toBeVisible()
  expect(await stockOf(owner, 'COLA')).toBe(10)

  await context.setOffline(false)
  await expect(page.getByRole('region', { name: 'Sync' })).toHaveCount(0, { timeout: 20_000 })
  expect((await movementsOf(owner, 'COLA')).map(({ delta, qty_after, reason }) => ({ delta, qty_after, reason }))).toEqual([
    { delta: -2, qty_after: 8, reason: 'damaged' },
  ])
  await expect(page.getByText('Stock: 8')).toBeVisible()
})

test('changes waiting on the phone survive restarting the browser @any-viewport', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000)
  const owner = await ownerWithCatalogue(page, 'offline-restart', [COLA])
  // A browser profile on disk, closed and opened again as a phone's browser is.
  const profile = await mkdtemp(join(tmpdir(), 'shelfsnap-restart-'))
  const open = () => chromium.launchPersistentContext(profile, { ...testInfo.project.use, ...chromiumLaunchOptions, baseURL, serviceWorkers: 'allow' })
  try {
    const first = await open()
    const tab = first.pages()[0] ?? (await first.newPage())
    // the session's cookies with the lifetime the app gives them, so they outlive the restart
    const cookies = await appSessionCookies(owner)
    await first.addCookies(cookies.map((cookie) => ({ ...cookie, url: baseURL!, expires: Math.floor(Date.now() / 1000) + 3600 })))
    await tab.goto('/app/products')
    await readyForOffline(tab)
    await first.setOffline(true)
    await tapApart(tab, 'Sold 1 Cola Can', 2)
    await expect(tab.getByText('2 changes waiting to sync')).toBeVisible()
    await first.close()

    const again = await open()
    await again.setOffline(true)
    const reopened = again.pages()[0] ?? (await again.newPage())
    await reopened.goto('/app/products')
    await expect(reopened.getByText('2 changes waiting to sync')).toBeVisible()
    expect(await stockOf(owner, 'COLA')).toBe(10)
    await again.setOffline(false)
    await expect.poll(() => stockOf(owner, 'COLA'), { timeout: 20_000 }).toBe(8)
    expect(await movementsOf(owner, 'COLA')).toHaveLength(2)
    await again.close()
  } finally {
    await rm(profile, { recursive: true, force: true })
  }
})
