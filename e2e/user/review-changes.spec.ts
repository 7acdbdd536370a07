import { expect, test } from '@playwright/test'
import { readReviewCard, reviewCard, reviewOf } from '../_helpers/review'
import { signedInClient, type Credentials } from '../_helpers/stack'
import { expectToast } from '../_helpers/ui'

// The review's words: each correction named for what it corrects, the stock
// before and after once confirmed, and what changed when confirming was refused.

/** A product's movements from the stocktake, as stored, oldest first. */
async function booked(owner: Credentials, productId: string) {
  const { data } = await (await signedInClient(owner))
    .from('stock_movements')
    .select('delta, reason, note')
    .eq('product_id', productId)
    .eq('source', 'photo_count')
    .order('created_at')
    .order('delta')
    .throwOnError()
  return data
}

test('"Everything we hold": the morning’s correction and the day’s are named apart, and once confirmed the old stock is "Stock before confirming" @any-viewport', async ({ page }) => {
  // 10 in the catalogue, 6 counted in the morning (4 short), 8 in the evening with nothing sold (2 more than the day explains)
  const { owner, ids, sessionId, supabase } = await reviewOf(page, 'review-words', [{ name: 'Words Jam', sku: 'WRD-JAM', qty: 10, low_stock_threshold: 1 }], {
    start: { 'WRD-JAM': 6 },
    end: { 'WRD-JAM': 8 },
  })
  await page.getByRole('radio', { name: /Everything we hold/ }).check()
  const card = reviewCard(page, 'Words Jam')
  await expect(card.getByRole('list', { name: 'Booked for Words Jam' }).getByRole('listitem')).toHaveCount(2)
  const open = await readReviewCard(page, 'Words Jam')
  // (soft: the confirmed card's words below are checked whatever these show)
  expect.soft(open.booked).toEqual(['Count correction during the day +2', 'Count correction at the morning photos −4'])
  expect(open.figures).toMatchObject({ 'Count correction at the morning photos': '−4', 'Stock now': '10', 'Stock after confirming': '8' })

  await page.getByRole('button', { name: 'Confirm counts and update stock' }).click()
  await expectToast(page, 'Stock updated', 'Stocktake confirmed: stock updated for 1 product', 'success')
  // the button gave way to the words that say so: they have the focus, not the top of the page
  await expect(page.getByText('Confirmed: these counts are in the stock ledger.')).toBeFocused()
  const done = await readReviewCard(page, 'Words Jam')
  // The card keeps every number; the stock it found is now the stock before confirming.
  const { 'Stock now': before, ...rest } = open.figures
  expect(done).toEqual({ ...open, figures: { ...rest, 'Stock before confirming': before } })
  expect(Object.keys(done.figures)).not.toContain('Stock now')

  // What was stored is what the card says, each correction with its own note.
  expect(await booked(owner, ids['WRD-JAM']!)).toEqual([
    { delta: -4, reason: 'count_correction', note: 'Photo stocktake: morning count' },
    { delta: 2, reason: 'count_correction', note: 'Photo stocktake' },
  ])
  const { data: result } = await supabase.from('count_results').select('qty_before, qty_after').eq('session_id', sessionId).single().throwOnError()
  expect(result).toEqual({ qty_before: Number(done.figures['Stock before confirming']), qty_after: Number(done.figures['Stock after confirming']) })
  const { data: jam } = await supabase.from('products').select('qty').eq('id', ids['WRD-JAM']!).single().throwOnError()
  expect(jam.qty).toBe(8)
})

test('a sale at the till while the review is open: the refused review lists what changed at the top and marks those products @any-viewport', async ({ page }) => {
  const { owner, ids, supabase } = await reviewOf(
    page,
    'review-changed',
    [
      { name: 'Changed Jam', sku: 'CHG-JAM', qty: 5, low_stock_threshold: 1 },
      { name: 'Changed Tea', sku: 'CHG-TEA', qty: 9, low_stock_threshold: 1 },
    ],
    { start: { 'CHG-JAM': 5, 'CHG-TEA': 6 }, end: { 'CHG-JAM': 5, 'CHG-TEA': 4 } },
  )
  await expect(page.getByRole('article')).toHaveText([/^Changed Jam/, /^Changed Tea/])
  expect((await readReviewCard(page, 'Changed Tea')).figures).toMatchObject({ 'Stock now': '9', 'Stock after confirming': '7' })

  // One tea is sold at the till meanwhile.
  await supabase.rpc('adjust_stock', { p_product_id: ids['CHG-TEA']!, p_delta: -1, p_reason: 'sold' }).throwOnError()
  await page.getByRole('button', { name: 'Confirm counts and update stock' }).click()
  await expectToast(page, 'Stocktake not confirmed', 'Stock changed since you opened this review: check the new numbers', 'error')

  const changed = page.getByRole('region', { name: 'Changed since you opened the review' })
  await expect(changed.getByRole('heading')).toBeFocused()
  await expect(changed.getByRole('list', { name: 'Changed products' }).getByRole('listitem')).toHaveText([
    'Changed Tea: Stock now 9 → 8; Stock after confirming 7 → 6',
  ])
  // the changed product comes first, marked; the other is as it was
  await expect(page.getByRole('article')).toHaveText([/^Changed Tea/, /^Changed Jam/])
  await expect(reviewCard(page, 'Changed Tea')).toContainText('Changed since you opened the review')
  await expect(reviewCard(page, 'Changed Jam')).not.toContainText('Changed since you opened the review')
  await changed.getByRole('link', { name: 'Changed Tea' }).click()
  await expect(page).toHaveURL(/#product-[0-9a-f-]{36}$/)
  const tea = await readReviewCard(page, 'Changed Tea')
  expect(tea.figures).toMatchObject({ 'Stock now': '8', 'Stock after confirming': '6' })

  await page.getByRole('button', { name: 'Confirm counts and update stock' }).click()
  await expectToast(page, 'Stock updated', 'Stocktake confirmed: stock updated for 1 product', 'success')
  await expect(changed).toHaveCount(0)
  const { data: stored } = await supabase.from('products').select('qty').eq('id', ids['CHG-TEA']!).single().throwOnError()
  expect(stored.qty).toBe(Number(tea.figures['Stock after confirming']))
  expect(await booked(owner, ids['CHG-TEA']!)).toEqual([{ delta: -2, reason: 'gone', note: 'Photo stocktake' }])
})

test('the morning photos’ time is corrected by keyboard: the field takes the focus, Escape gives it back, and a saved time is marked as set by hand', async ({ page }) => {
  await reviewOf(page, 'review-time', [{ name: 'Time Tea', sku: 'TIME-TEA', qty: 5, low_stock_threshold: 1 }], { start: { 'TIME-TEA': 5 }, end: { 'TIME-TEA': 4 } })
  const correct = page.getByRole('button', { name: 'Correct the Start of Day time' })
  const field = page.getByLabel('Start of Day time (shop’s clock)')
  await correct.focus()
  await page.keyboard.press('Enter')
  await expect(field).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(field).toHaveCount(0)
  await expect(correct).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(field).toBeFocused()
  await page.getByRole('button', { name: 'Save time' }).focus()
  await page.keyboard.press('Enter')
  await expectToast(page, 'Time set by hand', '', 'success')
  await expect(page.getByText('(set by hand)')).toBeVisible()
  await expect(correct).toBeFocused()
})
