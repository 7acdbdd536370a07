// Live updates (issue 26 §4): the same owner on two devices (two browser contexts). What the till
// books shows on the office's counter list and dashboard within 2 s, with no reload; so do an
// open stocktake's photos and the counts changed on its review, without losing what the office is
// typing there. When the office's socket drops, the page says so, and the sale it missed shows
// once the socket is back; while it stays down, the page is read every minute. A product's page
// takes a sale made elsewhere, its stock and its history. Each wait's time is
// printed ("live: … ms").
import { expect, test, type Page, type Response } from '@playwright/test'
import { shelfPhoto } from '../../test/shelf/generate-shelf-photo'
import { realtimeSockets } from '../_helpers/realtime'
import { readReviewCard, reviewCard } from '../_helpers/review'
import { createOwner, readyStocktake, signedInClient } from '../_helpers/stack'
import { productCard, signIn, statCard } from '../_helpers/ui'

const LIVE_MS = 2_000
const TIN = 'Live Tin 26'
const isAction = (response: Response) => response.request().method() === 'POST' && !!response.request().headers()['next-action']

/** Waits (each expectation with LIVE_MS) for a change to show, and prints how long it took. */
async function live(what: string, shown: () => Promise<void>) {
  const start = Date.now()
  await shown()
  console.log(`live: ${what} in ${Date.now() - start} ms`)
}

/** A mark in the page's window: still there afterwards means the page was not reloaded. */
const mark = (page: Page) => page.evaluate(() => void ((window as { liveMark?: boolean }).liveMark = true))
const marked = (page: Page) => page.evaluate(() => (window as { liveMark?: boolean }).liveMark === true)

async function sell(till: Page) {
  const booked = till.waitForResponse(isAction)
  await productCard(till, TIN).getByRole('button', { name: `Sold 1 ${TIN}` }).click()
  expect((await booked).ok()).toBe(true)
}

test("a sale shows on the other device's counter list and dashboard within 2 s, an open stocktake's changes too; a dropped socket says so, then catches up @any-viewport", async ({ page: till, browser }) => {
  const owner = await createOwner('live', { shopName: 'Live Shop', products: [{ name: TIN, sku: 'LIVE-26', qty: 20, low_stock_threshold: 2 }] })
  const office = await browser.newContext()
  const sockets = await realtimeSockets(office)
  const [list, dashboard] = [await office.newPage(), await office.newPage()]
  await signIn(list, owner, '/app/products')
  await dashboard.goto('/dashboard')
  await expect(statCard(dashboard, 'Items Sold Today')).toContainText('No sales recorded today')
  await expect.poll(() => sockets.joined).toBe(2)
  await Promise.all([mark(list), mark(dashboard)])
  await signIn(till, owner, '/app/products')

  await sell(till)
  await live('counter list', () => expect(productCard(list, TIN)).toContainText('Stock: 19', { timeout: LIVE_MS }))
  await live('dashboard', () => expect(statCard(dashboard, 'Items Sold Today')).toContainText('1 unit', { timeout: LIVE_MS }))
  expect([await marked(list), await marked(dashboard)]).toEqual([true, true])

  // An open stocktake: photos counted on another phone, then a count changed on its review.
  await list.goto('/upload')
  await expect(list.getByRole('heading', { name: 'Upload Photos', level: 1 })).toBeVisible()
  await mark(list)
  await expect.poll(() => sockets.joined).toBe(3)
  const supabase = await signedInClient(owner)
  const { data: product } = await supabase.from('products').select('id, shop_id').single().throwOnError()
  const { jpeg } = await shelfPhoto({ items: [], width: 800, height: 600, seed: 26 })
  const sessionId = await readyStocktake(owner, jpeg, { start: { [product.id]: 19 }, end: { [product.id]: 15 } })
  await live('Upload Photos', () => expect(list.getByText('Stocktake in progress: Counted: ready to review')).toBeVisible({ timeout: LIVE_MS }))
  await list.getByRole('link', { name: 'Review the counts' }).click()
  const count = (side: 'Morning' | 'Evening') => reviewCard(list, TIN).getByLabel(`${side} count of ${TIN}`)
  const [morning, evening] = [count('Morning'), count('Evening')]
  await expect(evening).toHaveValue('15')
  await expect.poll(() => sockets.joined).toBe(4)
  await supabase.from('count_edits').insert({ session_id: sessionId, shop_id: product.shop_id, product_id: product.id, end_count: 14 }).throwOnError()
  await live('review', () => expect(evening).toHaveValue('14', { timeout: LIVE_MS }))
  expect(await marked(list)).toBe(true)

  // The office is changing the evening count (cleared, no number yet) when the other phone changes
  // both counts: the new morning count shows, the evening keeps what is being typed, which then wins.
  await evening.fill('')
  await expect(reviewCard(list, TIN).getByText('Enter a whole number, 0 or more')).toBeVisible()
  const edits = () => supabase.from('count_edits').select('start_count, end_count').eq('session_id', sessionId).single().throwOnError()
  await supabase.from('count_edits').update({ start_count: 18, end_count: 13 }).eq('session_id', sessionId).throwOnError()
  await live('review, while typing', () => expect(morning).toHaveValue('18', { timeout: LIVE_MS }))
  await expect(evening).toHaveValue('')
  await evening.fill('12')
  await expect(list.getByRole('button', { name: 'Confirm counts and update stock' })).toBeEnabled()
  await expect.poll(async () => (await edits()).data).toEqual({ start_count: 18, end_count: 12 })
  // what is shown is what confirming would book
  const { data: stored } = await supabase.rpc('count_session_review', { p_session_id: sessionId }).throwOnError()
  expect((await readReviewCard(list, TIN)).figures['Stock after confirming']).toBe(String((stored as { lines: { qty_after: number }[] }).lines[0]!.qty_after))

  // The office's socket drops: the dashboard says so; a sale made meanwhile shows once it is back.
  await sockets.drop()
  const paused = dashboard.getByRole('status').filter({ hasText: 'Live updates paused' })
  await expect(paused).toBeVisible()
  await sell(till)
  await expect(statCard(dashboard, 'Items Sold Today')).toContainText('1 unit')
  sockets.restore()
  await expect(paused).toBeHidden({ timeout: 15_000 })
  await live('dashboard, caught up', () => expect(statCard(dashboard, 'Items Sold Today')).toContainText('2 units', { timeout: LIVE_MS }))
  expect(await marked(dashboard)).toBe(true)
  await office.close()
})

test('with the socket down, the counter list is read again every minute @any-viewport', async ({ browser }) => {
  const owner = await createOwner('fallback', { shopName: 'Fallback Shop', products: [{ name: TIN, sku: 'LIVE-26', qty: 20, low_stock_threshold: 2 }] })
  const office = await browser.newContext()
  const sockets = await realtimeSockets(office)
  await sockets.drop()
  const list = await office.newPage()
  await list.clock.install()
  await signIn(list, owner, '/app/products')
  await expect(productCard(list, TIN)).toContainText('Stock: 20')
  // past the grace a first connection has
  await list.clock.runFor(11_000)
  await expect(list.getByRole('status').filter({ hasText: 'Live updates paused' })).toBeVisible()

  const supabase = await signedInClient(owner)
  const { data: product } = await supabase.from('products').select('id').single().throwOnError()
  await supabase.rpc('adjust_stock', { p_product_id: product.id, p_delta: -1, p_reason: 'sold' }).throwOnError()
  // nothing heard: the sale shows with the next minute's read, not before
  await list.clock.runFor(30_000)
  await expect(productCard(list, TIN)).toContainText('Stock: 20')
  await list.clock.runFor(30_500)
  await expect(productCard(list, TIN)).toContainText('Stock: 19')
  await office.close()
})

test("a product's page takes a sale made on another device within 2 s, stock and history, with no reload @any-viewport", async ({ browser }) => {
  const owner = await createOwner('live-product', { shopName: 'Live Product Shop', products: [{ name: TIN, sku: 'LIVE-26', qty: 20, low_stock_threshold: 2 }] })
  const supabase = await signedInClient(owner)
  const { data: product } = await supabase.from('products').select('id').single().throwOnError()
  const office = await browser.newContext()
  const sockets = await realtimeSockets(office)
  const page = await office.newPage()
  await signIn(page, owner, `/app/products/${product.id}`)
  await expect(page.getByText('Stock: 20')).toBeVisible()
  const history = page.getByRole('list', { name: 'Stock movements' })
  await expect(history.getByRole('listitem')).toHaveCount(1)
  await expect.poll(() => sockets.joined).toBe(1)
  await mark(page)

  await supabase.rpc('adjust_stock', { p_product_id: product.id, p_delta: -1, p_reason: 'sold' }).throwOnError()
  await live('product page', () => expect(page.getByText('Stock: 19')).toBeVisible({ timeout: LIVE_MS }))
  await expect(history.getByRole('listitem')).toHaveCount(2)
  await expect(history.getByRole('listitem').first()).toContainText('Sold')
  expect(await marked(page)).toBe(true)
  await office.close()
})
