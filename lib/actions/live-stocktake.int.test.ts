// The stocktake pages' live reads (Upload Photos' panel, an open review), against a real stack:
// each member reads their own shop's stocktake with their own session (staff too, with no cost in
// it), nobody else's; a change on another device is in the next read, and the version read is
// the one confirming books.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { countedPhoto, openSession } from '@/test/support/stocktake-test-data'
import { serviceClient, signUpUser, type TestUser } from '@/supabase/local/test/stack-fixture'
import type { Stack } from '@/supabase/local/stack'
import type { Review } from '@/lib/stocktakes/review'
import { confirmStocktake } from './confirm-stocktake'
import { readOpenStocktake, readStocktakeReview } from './live-stocktake'
import { MALFORMED_CALL_MESSAGE } from './validated-action'

let stack: Stack
let owner: Owner
let stranger: Owner
let staff: TestUser
let productId: string
let sessionId: string

const value = <T>(result: { ok: true; value: T } | { ok: false; message: string }): T => {
  if (!result.ok) throw new Error(result.message)
  return result.value
}
const lineOf = (review: Review | null) => review?.lines.find((line) => line.product_id === productId)

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'Live Shop')
  stranger = await ownerWithShop(stack, 'Other Shop')
  staff = await signUpUser(stack)
  await serviceClient(stack).from('shop_members').insert({ shop_id: owner.shopId, user_id: staff.id, role: 'staff' }).throwOnError()
  productId = await addProduct(owner, { name: 'Live Beans', qty: 5, unit_cost: 987.65 })
  sessionId = await openSession(owner)
  await countedPhoto(owner, sessionId, 'start', { [productId]: 5 })
})
afterAll(async () => stack?.stop())

describe('live reads of a stocktake', () => {
  it("give staff their shop's open stocktake as Upload Photos shows it, and its review once counted, without a cost", async () => {
    await signInAs(staff)
    const morning = value(await readOpenStocktake(owner.shopId))
    expect(morning).toMatchObject({ id: sessionId, shopId: owner.shopId, stage: 'morning', start: { counts: [{ productId, name: 'Live Beans', count: 5 }] } })
    expect(value(await readStocktakeReview(sessionId))).toMatchObject({ review: null, times: [{ side: 'start' }, { side: 'end', shown: null }] })

    await countedPhoto(owner, sessionId, 'end', { [productId]: 3 })
    expect(value(await readOpenStocktake(owner.shopId))).toMatchObject({ stage: 'ready', end: { counts: [{ count: 3 }] } })
    const live = value(await readStocktakeReview(sessionId))
    expect(lineOf(live!.review)).toMatchObject({ start_count: 5, end_count: 3 })
    expect(JSON.stringify([live, morning])).not.toMatch(/cost|987\.65/)
  })

  it('read a change made on another device, and the version read is what confirming books', async () => {
    await signInAs(staff)
    const before = value(await readStocktakeReview(sessionId))!
    await owner.client.from('count_edits').insert({ session_id: sessionId, shop_id: owner.shopId, product_id: productId, end_count: 2 }).throwOnError()
    const after = value(await readStocktakeReview(sessionId))!
    expect(lineOf(after.review)).toMatchObject({ end_count: 2 })
    expect(after.review!.version).not.toBe(before.review!.version)
    // nothing about the page's photos or status moved: no render of the page needed
    expect(after.shape).toBe(before.shape)

    await signInAs(owner)
    expect(await confirmStocktake(idle, formData({ session_id: sessionId, version: before.review!.version }))).toMatchObject({ ok: false })
    expect(await confirmStocktake(idle, formData({ session_id: sessionId, version: after.review!.version }))).toMatchObject({ ok: true })
    const { rows } = await stack.db.query<{ qty: number }>('select qty from public.products where id = $1', [productId])
    expect(rows[0]!.qty).toBe(lineOf(after.review)!.qty_after)

    // confirmed: the page is another shape, and Upload Photos has no open stocktake
    const confirmed = value(await readStocktakeReview(sessionId))!
    expect([confirmed.shape === after.shape, confirmed.review?.status]).toEqual([false, 'confirmed'])
    expect(value(await readOpenStocktake(owner.shopId))).toBeNull()
  })

  it("read nothing of another shop's stocktake, and refuse what the pages never send", async () => {
    const open = await openSession(owner)
    await signInAs(stranger)
    expect(value(await readOpenStocktake(owner.shopId))).toBeNull()
    expect(value(await readStocktakeReview(open))).toBeNull()
    for (const call of [readOpenStocktake('not-a-shop'), readStocktakeReview('x'), (readOpenStocktake as (...args: unknown[]) => Promise<unknown>)()]) {
      expect(await call).toEqual({ ok: false, message: MALFORMED_CALL_MESSAGE })
    }
  })
})
