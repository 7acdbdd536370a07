// The app's server actions for a shop with a team, against a real stack: the shop switcher
// (checked against the memberships, then every request names the chosen shop), Settings by
// role, and what staff are told instead of a failure (confirming, discarding a stocktake).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { countedPhoto, openSession } from '@/test/support/stocktake-test-data'
import { serviceClient, signUpUser, type TestUser } from '@/supabase/local/test/stack-fixture'
import type { Stack } from '@/supabase/local/stack'
import { getShopForUser } from '@/lib/data/shops'
import { getReview } from '@/lib/data/stocktake-review'
import { createClient } from '@/lib/supabase/server'
import { chooseShop } from './choose-shop'
import { confirmStocktake } from './confirm-stocktake'
import { saveShopSettings, saveTeamSettings } from './delivery-settings-actions'
import { discardStocktake } from './discard-stocktake'

let stack: Stack
let owner: Owner
let other: Owner
let manager: TestUser
let staff: TestUser

const shopRow = async (id: string) =>
  (await stack.db.query<{ name: string; report_time: string; staff_can_confirm: boolean }>('select name, report_time, staff_can_confirm from public.shops where id = $1', [id])).rows[0]!
/** The shop the app's own server client works in now, as the pages read it. */
const currentShop = async () => getShopForUser(await createClient())
/** A redirect thrown by a server action: where it goes. */
const redirectOf = (error: unknown) => String((error as { digest?: string }).digest ?? error).split(';')[2]

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'Team Shop')
  other = await ownerWithShop(stack, 'Other Shop')
  manager = await signUpUser(stack)
  staff = await signUpUser(stack)
  await serviceClient(stack)
    .from('shop_members')
    .insert([
      { shop_id: owner.shopId, user_id: manager.id, role: 'manager' },
      { shop_id: owner.shopId, user_id: staff.id, role: 'staff' },
      { shop_id: other.shopId, user_id: staff.id, role: 'staff' },
    ])
    .throwOnError()
})
afterAll(async () => stack?.stop())

describe('the shop switcher', () => {
  it('works in the shop chosen, once it is checked to be one of theirs, and refuses any other', async () => {
    await signInAs(staff)
    for (const shop of [owner, other]) {
      const thrown = await chooseShop(idle, formData({ shop_id: shop.shopId, path: '/dashboard' })).catch((error: unknown) => error)
      expect(redirectOf(thrown)).toBe('/dashboard')
      expect(await currentShop()).toMatchObject({ id: shop.shopId, role: 'staff' })
    }
    // the page a product of the first shop was on has no twin in the other: its catalogue instead
    const fromProduct = await chooseShop(idle, formData({ shop_id: owner.shopId, path: '/app/products/123' })).catch((error: unknown) => error)
    expect(redirectOf(fromProduct)).toBe('/app/products')

    const stranger = await ownerWithShop(stack, 'Not Theirs')
    expect(await chooseShop(idle, formData({ shop_id: stranger.shopId }))).toEqual({ ok: false, message: 'You are not a member of that shop' })
    expect(await chooseShop(idle, formData({ shop_id: 'not-a-shop' }))).toMatchObject({ ok: false, message: 'You are not a member of that shop' })
    expect(await currentShop()).toMatchObject({ id: owner.shopId })
  })
})

describe('Settings by role', () => {
  it('lets a manager save the shop but not when its reports go out', async () => {
    await signInAs(manager)
    const before = await shopRow(owner.shopId)
    expect(await saveShopSettings(idle, formData({ name: 'Team Shop', currency: 'GBP', timezone: 'Europe/London', report_time: '06:00' }))).toMatchObject({
      ok: false,
      message: 'Only the owner can change this',
    })
    expect(await shopRow(owner.shopId)).toEqual(before)
    expect(await saveShopSettings(idle, formData({ name: 'Team Shop Ltd', currency: 'GBP', timezone: 'Europe/London' }))).toMatchObject({ ok: true })
    expect(await shopRow(owner.shopId)).toEqual({ ...before, name: 'Team Shop Ltd' })
  })

  it('lets the owner alone choose whether staff confirm stocktakes', async () => {
    for (const who of [manager, staff]) {
      await signInAs(who)
      expect(await saveTeamSettings(idle, formData({ staff_can_confirm: 'on' }))).toEqual({ ok: false, message: 'Only the owner can change this' })
    }
    expect((await shopRow(owner.shopId)).staff_can_confirm).toBe(false)
    await signInAs(owner)
    expect(await saveTeamSettings(idle, formData({ staff_can_confirm: 'on' }))).toMatchObject({ ok: true, message: 'Staff can confirm stocktakes' })
    expect((await shopRow(owner.shopId)).staff_can_confirm).toBe(true)
    expect(await saveTeamSettings(idle, formData({}))).toMatchObject({ ok: true })
    expect((await shopRow(owner.shopId)).staff_can_confirm).toBe(false)
  })

  it('refuses staff every Settings action', async () => {
    await signInAs(staff)
    await chooseShop(idle, formData({ shop_id: owner.shopId })).catch(() => null)
    const before = await shopRow(owner.shopId)
    expect(await saveShopSettings(idle, formData({ name: 'Mine', currency: 'GBP', timezone: 'Europe/London' }))).toMatchObject({ ok: false })
    expect(await shopRow(owner.shopId)).toEqual(before)
  })
})

describe('stocktakes for staff', () => {
  it('tells staff who confirms instead of failing, and keeps the stocktake they may not discard', async () => {
    const milk = await addProduct(owner, { name: 'Milk', sku: 'MILK', qty: 5 })
    const sessionId = await openSession(owner)
    await countedPhoto(owner, sessionId, 'start', { [milk]: 5 })
    await countedPhoto(owner, sessionId, 'end', { [milk]: 4 })
    const review = await getReview(owner.client, sessionId)
    await signInAs(staff)
    await chooseShop(idle, formData({ shop_id: owner.shopId })).catch(() => null)

    expect(await confirmStocktake(idle, formData({ session_id: sessionId, version: review!.version }))).toMatchObject({
      ok: false,
      message: 'Confirming needs the owner or a manager',
    })
    expect(await discardStocktake(idle, formData({ session_id: sessionId }))).toEqual({ ok: false, message: 'Only the owner and managers can do this' })
    const { rows } = await stack.db.query("select status, (select count(*)::int from public.count_photos where session_id = $1) as photos from public.count_sessions where id = $1", [sessionId])
    expect(rows).toEqual([{ status: 'open', photos: 2 }])
  })
})
