import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieValue, formData, idle, signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { SHOP_COOKIE } from '@/lib/shops/shop-choice'
import { createShop } from './create-shop'
import { signIn } from './sign-in'
import { signOutOthers } from './sign-out-others'
import { NO_USER_MESSAGE } from './action-state'
import { signUp } from './sign-up'
import { signUpUser, testClient } from '@/supabase/local/test/stack-fixture'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack

beforeAll(async () => {
  stack = await startActionStack()
})
afterAll(async () => stack?.stop())

async function count(table: 'shops' | 'auth.users') {
  const { rows } = await stack.db.query<{ n: string }>(`select count(*) as n from ${table}`)
  return Number(rows[0]?.n)
}

describe('createShop', () => {
  it.each([
    [{ name: 'A' }, 'name', 'Shop name must be at least 2 characters'],
    [{ name: '   A   ' }, 'name', 'Shop name must be at least 2 characters'],
    [{ name: 'x'.repeat(101) }, 'name', 'Shop name must be less than 100 characters'],
    [{ name: new Blob(['My shop']) }, 'name', 'Invalid input: expected string, received File'],
    [{ name: 'Shop', currency: 'BTC' }, 'currency', 'Please select a valid currency'],
  ])('refuses %j and writes nothing', async (fields, field, message) => {
    await signInAs(await signUpUser(stack))
    const before = await count('shops')
    expect(await createShop(idle, formData(fields))).toEqual({ ok: false, message, fieldErrors: { [field]: [message] } })
    expect(await count('shops')).toBe(before)
  })

  it('refuses a signed-out visitor', async () => {
    signOutEveryone()
    const before = await count('shops')
    expect(await createShop(idle, formData({ name: 'Ghost Shop' }))).toEqual({ ok: false, message: 'No user found' })
    expect(await count('shops')).toBe(before)
  })

  it("ignores a smuggled owner_id and a bogus time zone, and works in a second shop once it is opened", async () => {
    const owner = await signUpUser(stack)
    const other = await signUpUser(stack)
    await signInAs(owner)
    const form = { name: 'Mine', owner_id: other.id, timezone: "Europe/Nowhere'; drop table shops;--" }
    expect(await createShop(idle, formData(form))).toEqual({ ok: true, message: 'Mine' })
    const { rows } = await stack.db.query('select owner_id, timezone from shops where name = $1', ['Mine'])
    expect(rows).toEqual([{ owner_id: owner.id, timezone: 'UTC' }])
    const shops = await count('shops')
    expect(await createShop(idle, formData({ name: 'Second' }))).toEqual({ ok: true, message: 'Second' })
    expect(await count('shops')).toBe(shops + 1)
    // the new branch is the one the owner works in next
    const { rows: second } = await stack.db.query<{ id: string }>('select id from shops where owner_id = $1 and name = $2', [owner.id, 'Second'])
    expect(cookieValue(SHOP_COOKIE)).toBe(second[0]!.id)
  })
})

describe('signIn and signUp', () => {
  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, 'email', 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@x.com`, password: 'secret1' }, 'email', 'Email must be less than 255 characters'],
    [{ email: 'a@b.co', password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ email: 'a@b.co', password: 'p'.repeat(101) }, 'password', 'Password must be less than 100 characters'],
    [{ email: "' or 1=1 --", password: 'secret1' }, 'email', 'Invalid email address'],
  ])('signIn refuses %j', async (fields, field, message) => {
    signOutEveryone()
    expect(await signIn(idle, formData(fields))).toEqual({ ok: false, message, fieldErrors: { [field]: [message] } })
  })

  it('signIn refuses a wrong password with the service message', async () => {
    const user = await signUpUser(stack)
    const state = await signIn(idle, formData({ email: user.email, password: 'wrong-password' }))
    expect(state.ok).toBe(false)
    expect(state.message).toMatch(/invalid/i)
  })

  it.each([
    [{ fullName: 'J' }, 'fullName', 'Name must be at least 2 characters'],
    [{ fullName: 'x'.repeat(101) }, 'fullName', 'Name must be less than 100 characters'],
    [{ fullName: 'Jo', email: 'bad' }, 'email', 'Invalid email address'],
    [{ fullName: 'Jo', password: 'short' }, 'password', 'Password must be at least 6 characters'],
  ])('signUp refuses %j and creates no user', async (fields, field, message) => {
    const before = await count('auth.users')
    const state = await signUp(idle, formData({ email: 'new@example.com', password: 'secret12', ...fields }))
    expect(state).toEqual({ ok: false, message, fieldErrors: { [field]: [message] } })
    expect(await count('auth.users')).toBe(before)
  })
})

describe('signOutOthers', () => {
  it('refuses a signed-out visitor', async () => {
    signOutEveryone()
    expect(await signOutOthers(idle, formData({}))).toMatchObject({ ok: false, message: NO_USER_MESSAGE })
  })

  it("ends the account's other sessions and keeps this one", async () => {
    const user = await signUpUser(stack)
    const phone = testClient(stack)
    const { data } = await phone.auth.signInWithPassword({ email: user.email, password: user.password })
    const phoneRefresh = data.session!.refresh_token
    await signInAs(user)

    expect(await signOutOthers(idle, formData({}))).toEqual({ ok: true, message: 'Your other devices are signed out.' })
    const refused = await testClient(stack).auth.refreshSession({ refresh_token: phoneRefresh })
    expect(refused.error?.code).toBe('refresh_token_not_found')
    // This session still works: the next action runs as the user.
    expect(await signOutOthers(idle, formData({}))).toMatchObject({ ok: true })
  })
})
