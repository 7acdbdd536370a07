// The review and what confirming books, case by case, through the actions the
// review page calls: every number the review shows, then the ledger and the
// quantities after confirming, row by row. Photos are recorded with the
// analyser's proposal as the job records it; the ledger is written by the
// same functions the till and the product page use.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, snapshot, type Owner } from '@/test/support/catalogue-test-data'
import { confirmStocktake } from './confirm-stocktake'
import { discardStocktake } from './discard-stocktake'
import { editStocktake, type ReviewState } from './edit-stocktake'
import { countedPhoto, openSession } from '@/test/support/stocktake-test-data'
import { getReview } from '@/lib/data/stocktake-review'
import type { Review, ReviewLine } from '@/lib/stocktakes/review'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack
let owner: Owner

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  await signInAs(owner)
  // Each case starts from no open stocktake.
  await stack.db.query("delete from count_sessions where shop_id = $1 and status = 'open'", [owner.shopId])
})

const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await stack.db.query<T>(sql, params)).rows
const tick = () => new Promise((resume) => setTimeout(resume, 15))
const sell = (product: string, units: number) => owner.client.rpc('adjust_stock', { p_product_id: product, p_delta: -units, p_reason: 'sold' }).throwOnError()
const receive = (product: string, units: number) => owner.client.rpc('adjust_stock', { p_product_id: product, p_delta: units, p_reason: 'received' }).throwOnError()

/** A stocktake whose morning and evening photos counted these, with the ledger written in between by `during`. */
async function stocktake(start: Record<string, number>, end: Record<string, number>, during?: () => Promise<unknown>) {
  const sessionId = await openSession(owner)
  await countedPhoto(owner, sessionId, 'start', start)
  await tick()
  await during?.()
  await tick()
  await countedPhoto(owner, sessionId, 'end', end)
  await tick()
  return sessionId
}

async function review(sessionId: string): Promise<Review> {
  return (await getReview(owner.client, sessionId))!
}

async function edit(sessionId: string, field: string, value: string, productId?: string): Promise<Review> {
  const result = (await editStocktake(idle, formData({ session_id: sessionId, field, value, ...(productId ? { product_id: productId } : {}) }))) as ReviewState
  expect(result, result.message).toMatchObject({ ok: true })
  return result.review!
}

const line = (shown: Review, productId: string) => shown.lines.find((l) => l.product_id === productId)!

async function confirm(sessionId: string, shown: Review) {
  return (await confirmStocktake(idle, formData({ session_id: sessionId, version: shown.version }))) as ReviewState
}

/** What confirming wrote for a product: its movements, its quantity, and the stored line. */
async function booked(sessionId: string, productId: string) {
  return {
    movements: await rows<{ delta: number }>(
      "select delta, reason, source from stock_movements where product_id = $1 and source = 'photo_count' and created_by is not null and request_id in ($2::uuid, md5($2::text || ':opening')::uuid) order by delta desc",
      [productId, sessionId],
    ),
    qty: (await rows('select qty from products where id = $1', [productId]))[0]!.qty,
    result: (await rows('select * from count_results where session_id = $1 and product_id = $2', [sessionId, productId]))[0],
  }
}

/** Every shown number was written: the movements the line lists, its stock after, and the line itself. */
async function expectBookedAsShown(sessionId: string, shown: ReviewLine) {
  const written = await booked(sessionId, shown.product_id)
  const byDelta = (a: { delta: number }, b: { delta: number }) => a.delta - b.delta
  expect(written.movements.sort(byDelta)).toEqual(shown.movements.map((move) => ({ delta: move.delta, reason: move.reason, source: 'photo_count' })).sort(byDelta))
  expect(written.qty).toBe(shown.qty_after)
  expect(written.result).toMatchObject({
    qty_at_start: shown.qty_at_start,
    start_count: shown.start_count,
    end_count: shown.end_count,
    received: shown.received,
    sold: shown.sold,
    moved: shown.moved,
    gone: shown.gone,
    missing: shown.missing,
    sold_or_missing: shown.sold_or_missing,
    refill: shown.refill,
    opening: shown.opening,
    gain: shown.gain,
    qty_before: shown.qty_now,
    qty_after: shown.qty_after,
    clamped: shown.clamped,
  })
}

describe('what the photos cover', () => {
  it('the eggs: 20 in the catalogue, 8 on the shelf in the morning, 5 in the evening; shelf only books the 3 gone, not the back room', async () => {
    const eggs = await addProduct(owner, { name: 'Eggs', qty: 20 })
    const sessionId = await stocktake({ [eggs]: 8 }, { [eggs]: 5 })
    const shown = await review(sessionId)
    expect(shown.coverage).toBe('shelf')
    expect(line(shown, eggs)).toMatchObject({
      coverage: 'shelf', qty_at_start: 20, start_count: 8, end_count: 5, received: 0, sold: 0,
      gone: 3, gone_sold: 0, missing: 0, sold_or_missing: 3, refill: 0, opening: 0, gain: 0,
      qty_now: 20, qty_after: 17, clamped: false, movements: [{ kind: 'day', delta: -3, reason: 'gone' }],
    })
    expect(shown.totals).toMatchObject({ gone: 3, sold_or_missing: 3, change: -3, changed: 1 })
    expect(await confirm(sessionId, shown)).toMatchObject({ ok: true, message: 'Stocktake confirmed: stock updated for 1 product' })
    await expectBookedAsShown(sessionId, line(shown, eggs))
    expect((await booked(sessionId, eggs)).qty).toBe(17)
  })

  it('the same eggs when the photos cover everything: the morning difference is its own count correction, then the 3 gone', async () => {
    const eggs = await addProduct(owner, { name: 'Eggs too', qty: 20 })
    const sessionId = await stocktake({ [eggs]: 8 }, { [eggs]: 5 })
    const shown = await edit(sessionId, 'coverage', 'all')
    expect(line(shown, eggs)).toMatchObject({
      coverage: 'all', qty_at_start: 20, start_count: 8, end_count: 5, gone: 3, sold_or_missing: 3,
      opening: -12, gain: 0, qty_now: 20, qty_after: 5,
      movements: [{ kind: 'opening', delta: -12, reason: 'count_correction' }, { kind: 'day', delta: -3, reason: 'gone' }],
    })
    await confirm(sessionId, shown)
    await expectBookedAsShown(sessionId, line(shown, eggs))
  })

  it('one product can differ from the rest: shelf only for the stocktake, everything for the milk', async () => {
    const [milk, tea] = [await addProduct(owner, { name: 'Milk', qty: 10 }), await addProduct(owner, { name: 'Tea', qty: 30 })]
    const sessionId = await stocktake({ [milk]: 6, [tea]: 12 }, { [milk]: 4, [tea]: 10 })
    const shown = await edit(sessionId, 'product_coverage', 'all', milk)
    expect(line(shown, milk)).toMatchObject({ coverage: 'all', opening: -4, qty_after: 4 })
    expect(line(shown, tea)).toMatchObject({ coverage: 'shelf', opening: 0, sold_or_missing: 2, qty_after: 28 })
    await confirm(sessionId, shown)
    await expectBookedAsShown(sessionId, line(shown, milk))
    await expectBookedAsShown(sessionId, line(shown, tea))
  })
})

describe('the ledger between and after the photos', () => {
  it('a sale and a receipt between the photos: sold is explained, the rest is missing, the receipt counts as on the shelf', async () => {
    const jam = await addProduct(owner, { name: 'Jam', qty: 12 })
    const sessionId = await stocktake({ [jam]: 10 }, { [jam]: 6 }, async () => {
      await sell(jam, 3)
      await receive(jam, 2)
    })
    const shown = await review(sessionId)
    // 10 + 2 received - 6 = 6 gone: 3 sold at the till, 3 missing.
    expect(line(shown, jam)).toMatchObject({
      qty_at_start: 12, received: 2, sold: 3, gone: 6, gone_sold: 3, missing: 3, sold_or_missing: 0,
      qty_now: 11, qty_after: 8, movements: [{ kind: 'day', delta: -3, reason: 'lost' }],
    })
    await confirm(sessionId, shown)
    await expectBookedAsShown(sessionId, line(shown, jam))
  })

  it('a sale undone at the till is no sale: two sold, undone, two more sold, and one gone that nobody recorded is missing', async () => {
    const muesli = await addProduct(owner, { name: 'Muesli', qty: 9 })
    const sessionId = await stocktake({ [muesli]: 9 }, { [muesli]: 6 }, async () => {
      const tap = crypto.randomUUID()
      await owner.client.rpc('adjust_stock', { p_product_id: muesli, p_delta: -2, p_reason: 'sold', p_request_id: tap }).throwOnError()
      await owner.client.rpc('undo_stock_change', { p_product_id: muesli, p_request_id: tap }).throwOnError()
      await sell(muesli, 1)
      await sell(muesli, 1)
    })
    const shown = await review(sessionId)
    // 9 - 6 = 3 gone: 2 sold at the till (the undone 2 are not), 1 missing.
    expect(line(shown, muesli)).toMatchObject({
      received: 0, sold: 2, other_out: 0, gone: 3, gone_sold: 2, missing: 1, sold_or_missing: 0, refill: 0,
      qty_now: 7, qty_after: 6, movements: [{ kind: 'day', delta: -1, reason: 'lost' }],
    })
    await confirm(sessionId, shown)
    await expectBookedAsShown(sessionId, line(shown, muesli))
  })

  it('a sale from before the morning photo undone during the day puts the unit back on the shelf, as a receipt does', async () => {
    const tea = await addProduct(owner, { name: 'Tea', qty: 10 })
    const tap = crypto.randomUUID()
    await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -1, p_reason: 'sold', p_request_id: tap }).throwOnError()
    await tick()
    const sessionId = await stocktake({ [tea]: 9 }, { [tea]: 10 }, async () => { await owner.client.rpc('undo_stock_change', { p_product_id: tea, p_request_id: tap }).throwOnError() })
    const shown = await review(sessionId)
    expect(line(shown, tea)).toMatchObject({ received: 1, sold: 0, gone: 0, missing: 0, sold_or_missing: 0, refill: 0, qty_now: 10, qty_after: 10, movements: [] })
    await confirm(sessionId, shown)
    await expectBookedAsShown(sessionId, line(shown, tea))
  })

  it('a sale after the evening photo is not part of the day, and stays in the stock', async () => {
    const soap = await addProduct(owner, { name: 'Soap', qty: 9 })
    const sessionId = await stocktake({ [soap]: 9 }, { [soap]: 7 })
    await sell(soap, 1)
    const shown = await review(sessionId)
    expect(line(shown, soap)).toMatchObject({ sold: 0, gone: 2, sold_or_missing: 2, qty_now: 8, qty_after: 6 })
    const all = await edit(sessionId, 'coverage', 'all')
    // Everything: the evening's 7, less the 1 sold since.
    expect(line(all, soap)).toMatchObject({ opening: 0, sold_or_missing: 2, qty_now: 8, qty_after: 6 })
    await confirm(sessionId, all)
    await expectBookedAsShown(sessionId, line(all, soap))
  })

  it('a shelf refilled from the back room: "moved from storage" explains it; what is left over books nothing as a gain', async () => {
    const cola = await addProduct(owner, { name: 'Cola', qty: 40 })
    const sessionId = await stocktake({ [cola]: 6 }, { [cola]: 10 })
    let shown = await review(sessionId)
    expect(line(shown, cola)).toMatchObject({ gone: 0, refill: 4, qty_after: 40, movements: [] })
    shown = await edit(sessionId, 'moved', '12', cola)
    // 6 + 12 moved - 10 = 8 gone from the shelf, none recorded as sold.
    expect(line(shown, cola)).toMatchObject({ moved: 12, gone: 8, refill: 0, sold_or_missing: 8, qty_after: 32 })
    await confirm(sessionId, shown)
    await expectBookedAsShown(sessionId, line(shown, cola))
  })
})

describe('products in no photo, and stock that cannot go below 0', () => {
  it('when the photos cover everything, a product in no photo is kept unless set to 0, and never silently zeroed', async () => {
    const seen = await addProduct(owner, { name: 'Seen', qty: 3 })
    const [kept, zeroed] = [await addProduct(owner, { name: 'Kept', qty: 4 }), await addProduct(owner, { name: 'Zeroed', qty: 5 })]
    const sessionId = await stocktake({ [seen]: 3 }, { [seen]: 3 })
    expect((await review(sessionId)).lines.map((l) => l.product_id)).toEqual([seen])
    let shown = await edit(sessionId, 'coverage', 'all')
    expect(line(shown, kept)).toMatchObject({ in_photos: false, absent: 'keep', qty_now: 4, qty_after: 4, movements: [] })
    expect(line(shown, zeroed)).toMatchObject({ in_photos: false, absent: 'keep', qty_after: 5 })
    shown = await edit(sessionId, 'absent', 'zero', zeroed)
    expect(line(shown, zeroed)).toMatchObject({ absent: 'zero', qty_after: 0, movements: [{ kind: 'day', delta: -5, reason: 'count_correction' }] })
    await confirm(sessionId, shown)
    for (const product of [seen, kept, zeroed]) await expectBookedAsShown(sessionId, line(shown, product))
    expect([(await booked(sessionId, kept)).qty, (await booked(sessionId, zeroed)).qty]).toEqual([4, 0])
  })

  it('a count that would take stock below 0 stops at 0, and the review says so', async () => {
    const gum = await addProduct(owner, { name: 'Gum', qty: 2 })
    const sessionId = await stocktake({ [gum]: 9 }, { [gum]: 1 })
    const shown = await review(sessionId)
    expect(line(shown, gum)).toMatchObject({ gone: 8, sold_or_missing: 8, qty_now: 2, qty_after: 0, clamped: true, movements: [{ kind: 'day', delta: -2, reason: 'gone' }] })
    await confirm(sessionId, shown)
    await expectBookedAsShown(sessionId, line(shown, gum))
  })

  it('an edited count is what gets booked', async () => {
    const oats = await addProduct(owner, { name: 'Oats', qty: 15 })
    const sessionId = await stocktake({ [oats]: 5 }, { [oats]: 1 })
    const shown = await edit(sessionId, 'end_count', '3', oats)
    expect(line(shown, oats)).toMatchObject({ end_proposed: 1, end_count: 3, gone: 2, qty_after: 13 })
    await confirm(sessionId, shown)
    await expectBookedAsShown(sessionId, line(shown, oats))
  })
})

describe('confirming exactly what was seen, once', () => {
  it('refuses a stale review: a sale at the till after the review was opened books nothing, and the new review comes back', async () => {
    const rice = await addProduct(owner, { name: 'Rice', qty: 10 })
    const sessionId = await stocktake({ [rice]: 10 }, { [rice]: 7 })
    const seen = await review(sessionId)
    await sell(rice, 1)
    const before = await snapshot(stack)
    const refused = await confirm(sessionId, seen)
    expect(refused).toMatchObject({ ok: false, message: 'Stock changed since you opened this review: check the new numbers' })
    expect(await snapshot(stack)).toEqual(before)
    expect(await rows('select status from count_sessions where id = $1', [sessionId])).toEqual([{ status: 'open' }])
    expect(line(refused.review!, rice)).toMatchObject({ qty_now: 9, qty_after: 6 })
    expect(refused.review!.version).not.toBe(seen.version)
    expect(await confirm(sessionId, refused.review!)).toMatchObject({ ok: true })
    await expectBookedAsShown(sessionId, line(refused.review!, rice))
  })

  it('books once when confirmed twice at the same moment, and not again later', async () => {
    const salt = await addProduct(owner, { name: 'Salt', qty: 6 })
    const sessionId = await stocktake({ [salt]: 6 }, { [salt]: 4 })
    const shown = await review(sessionId)
    const results = await Promise.all([confirm(sessionId, shown), confirm(sessionId, shown)])
    expect(results.map((r) => r.message).sort()).toEqual([
      'Stocktake confirmed: stock updated for 1 product',
      'This stocktake was already confirmed. Nothing was applied twice.',
    ])
    expect(await confirm(sessionId, shown)).toMatchObject({ ok: true, message: 'This stocktake was already confirmed. Nothing was applied twice.' })
    await expectBookedAsShown(sessionId, line(shown, salt))
    // The confirmed review shows what was booked.
    expect(line(await review(sessionId), salt)).toMatchObject({ qty_now: 6, qty_after: 4, sold_or_missing: 2, movements: shown.lines[0]!.movements })
  })

  it('books nothing for a discarded stocktake, and cannot edit it', async () => {
    const flour = await addProduct(owner, { name: 'Flour', qty: 8 })
    const sessionId = await stocktake({ [flour]: 8 }, { [flour]: 2 })
    const shown = await review(sessionId)
    expect(await discardStocktake(idle, formData({ session_id: sessionId }))).toMatchObject({ ok: true })
    const before = await snapshot(stack)
    expect(await confirm(sessionId, shown)).toMatchObject({ ok: false, message: 'Stocktake not found' })
    expect(await editStocktake(idle, formData({ session_id: sessionId, field: 'coverage', value: 'all' }))).toMatchObject({ ok: false })
    expect(await snapshot(stack)).toEqual(before)
    expect(await rows('select count(*)::int as n from count_sessions where id = $1', [sessionId])).toEqual([{ n: 0 }])
  })
})

describe('bad input to the review changes nothing', () => {
  it.each([
    ['an unknown field', { field: 'qty', value: '3' }, 'This change could not be read. Reload the page and try again.'],
    ['a negative count', { field: 'end_count', value: '-1' }, 'The evening count cannot be negative'],
    ['a fraction', { field: 'start_count', value: '2.5' }, 'The morning count must be a whole number'],
    ['a huge number', { field: 'moved', value: '99999999' }, 'Units moved from storage must be at most 1,000,000'],
    ['words for a number', { field: 'moved', value: 'lots' }, 'Units moved from storage must be a whole number'],
    ['an unknown coverage', { field: 'coverage', value: 'some' }, 'Choose what the photos cover'],
    ['an unknown choice', { field: 'absent', value: 'burn' }, 'Choose keep as is or set to 0'],
    ['no product', { field: 'end_count', value: '1', product_id: '' }, 'This product is not in the stocktake'],
  ])('refuses %s with a clear message', async (_, fields, message) => {
    const jam = await addProduct(owner, { name: 'Bad input jam', qty: 4 })
    const sessionId = await stocktake({ [jam]: 4 }, { [jam]: 3 })
    const before = await review(sessionId)
    const result = await editStocktake(idle, formData({ session_id: sessionId, product_id: jam, ...fields }))
    expect(result).toMatchObject({ ok: false, message })
    expect(await review(sessionId)).toEqual(before)
  })

  it("refuses another shop's product, and another shop's stocktake", async () => {
    const rival = await ownerWithShop(stack, 'Rival Review Shop')
    const rivalProduct = await addProduct(rival, { name: 'Rival tea', qty: 4 })
    const rivalSession = await openSession(rival)
    await countedPhoto(rival, rivalSession, 'start', { [rivalProduct]: 4 })
    await countedPhoto(rival, rivalSession, 'end', { [rivalProduct]: 1 })
    const rivalReview = (await getReview(rival.client, rivalSession))!
    const jam = await addProduct(owner, { name: 'Own jam', qty: 4 })
    const sessionId = await stocktake({ [jam]: 4 }, { [jam]: 3 })
    const before = await snapshot(stack)
    expect(await editStocktake(idle, formData({ session_id: sessionId, product_id: rivalProduct, field: 'end_count', value: '0' }))).toMatchObject({
      ok: false,
      message: 'This product is not in the stocktake',
    })
    expect(await editStocktake(idle, formData({ session_id: rivalSession, field: 'coverage', value: 'all' }))).toMatchObject({ ok: false })
    expect(await confirm(rivalSession, rivalReview)).toMatchObject({ ok: false, message: 'Stocktake not found' })
    expect(await confirmStocktake(idle, formData({ session_id: sessionId, version: 'not-a-version' }))).toMatchObject({
      ok: false,
      message: 'The review could not be read. Reload the page and try again.',
    })
    expect(await snapshot(stack)).toEqual(before)
    expect(await rows('select count(*)::int as n from count_edits where product_id = $1', [rivalProduct])).toEqual([{ n: 0 }])
  })

  it('will not confirm while a photo is still waiting to be counted', async () => {
    const jam = await addProduct(owner, { name: 'Waiting jam', qty: 4 })
    const sessionId = await stocktake({ [jam]: 4 }, { [jam]: 3 })
    const shown = await review(sessionId)
    await owner.client.rpc('add_count_photo', { p_session_id: sessionId, p_side: 'end', p_storage_path: `${owner.shopId}/${sessionId}/end-late.jpg` }).throwOnError()
    expect(await confirm(sessionId, shown)).toMatchObject({ ok: false, message: 'This stocktake is not ready to confirm: every photo must be counted first' })
  })
})
