// Who receives which change: every row goes through the subscriber's RLS (role and claims of
// their token) before it is sent. Two owners of two shops write through the raw REST API; each
// hears only its own shop. Tokens: refreshed with setAuth, expired, invalid, signed out; and a
// dropped socket that realtime-js reconnects.
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { anonClient, serviceClient, signUpUser, startTestStack, testClient } from './stack-fixture.ts'
import { insertProduct, listen, listening, received, rest, rowOf, subscribed, type Listener } from './realtime-test-helpers.ts'
import { userToken } from './rest-helpers.ts'
import { answer, enrollTotp, steadyStep } from './mfa-helpers.ts'

let stack: Stack
let alice: Owner
let bob: Owner

beforeAll(async () => {
  stack = await startTestStack()
  alice = await ownerWithShop(stack, 'Alice Groceries')
  bob = await ownerWithShop(stack, 'Bob Hardware')
})
afterAll(async () => {
  for (const owner of [alice, bob]) await owner?.client.removeAllChannels()
  await stack?.stop()
})

const everyLiveTable = ['products', 'stock_movements', 'count_sessions', 'count_photos'].map((table) => ({ event: '*' as const, schema: 'public', table }))
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64')

/** A heartbeat answered: every frame the server sent this socket before it has arrived. */
async function flushed(realtime: SupabaseClient['realtime']): Promise<void> {
  let answered = false
  realtime.onHeartbeat((status) => (answered ||= status === 'ok'))
  await realtime.sendHeartbeat()
  await expect.poll(() => answered).toBe(true)
}

/** What an owner's day writes through the raw REST and Storage APIs; some of the changes it makes, as "table event id". */
async function busyDay(owner: Owner): Promise<string[]> {
  const token = owner.accessToken
  const product = await insertProduct(stack, token, owner.shopId, { qty: 2 })
  await rest(stack, token, 'PATCH', `/products?id=eq.${product}&select=id`, { name: 'Renamed' })
  const [movement] = await rest(stack, token, 'POST', '/rpc/adjust_stock', { p_product_id: product, p_delta: -1, p_reason: 'sold' })
  const [session] = await rest(stack, token, 'POST', '/rpc/open_count_session', {})
  const path = `${owner.shopId}/${session!.id}/start-1.png`
  const upload = await fetch(`${stack.url}/storage/v1/object/stock-photos/${path}`, {
    method: 'POST',
    headers: { apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' },
    body: PNG,
  })
  expect(upload.status).toBe(200)
  const [photo] = await rest(stack, token, 'POST', '/rpc/add_count_photo', { p_session_id: session!.id, p_side: 'start', p_storage_path: path, p_width: 1, p_height: 1 })
  const other = await insertProduct(stack, token, owner.shopId)
  await rest(stack, token, 'DELETE', `/products?id=eq.${other}&select=id`)
  return [
    `products INSERT ${product}`,
    `products UPDATE ${product}`,
    `stock_movements INSERT ${movement!.id}`,
    `count_sessions INSERT ${session!.id}`,
    `count_photos INSERT ${photo!.id}`,
    `products DELETE ${other}`,
  ]
}

const seen = (listener: Listener) => listener.changes.map((c) => `${c.table} ${c.eventType} ${rowOf(c).id}`)

describe('two shops', () => {
  it('sends each owner every change of its own shop, in commit order, and none of the other, whatever they subscribe to', async () => {
    // the service role reads every row: what both shops changed, to split by shop
    const everything = await listening(serviceClient(stack), everyLiveTable)
    const aliceHears = await listening(alice.client, everyLiveTable)
    const bobHears = await listening(bob.client, everyLiveTable)
    // asking by filter for the other shop's rows does not get past RLS
    const aliceSnoops = await listening(alice.client, [{ event: '*', schema: 'public', table: 'products', filter: `shop_id=eq.${bob.shopId}` }])
    const aliceWrote = await busyDay(alice)
    const bobWrote = await busyDay(bob)
    await expect.poll(() => seen(everything), { timeout: 15_000 }).toEqual(expect.arrayContaining([...aliceWrote, ...bobWrote]))
    for (const listener of [everything, aliceHears, bobHears]) await flushed(listener.channel.socket)

    const shopOf = new Map(everything.changes.filter((c) => c.eventType !== 'DELETE').map((c) => [rowOf(c).id, rowOf(c).shop_id]))
    const changesOf = (shopId: string) => seen(everything).filter((_, i) => shopOf.get(rowOf(everything.changes[i]!).id) === shopId)
    expect(seen(aliceHears)).toEqual(changesOf(alice.shopId))
    expect(seen(bobHears)).toEqual(changesOf(bob.shopId))
    expect(seen(aliceHears)).toEqual(expect.arrayContaining(aliceWrote))
    expect(seen(bobHears)).toEqual(expect.arrayContaining(bobWrote))
    expect(new Set(seen(everything).map((key) => key.split(' ')[0]))).toEqual(new Set(everyLiveTable.map((t) => t.table)))
    expect(aliceSnoops.changes).toEqual([])
    await alice.client.removeAllChannels()
    await bob.client.removeAllChannels()
  })

  it('sends an anonymous subscriber no row at all, only the 401 Realtime sends a role that cannot read the table', async () => {
    const anon = anonClient(stack)
    const listener = await listening(anon, [{ event: 'INSERT', schema: 'public', table: 'products' }])
    await insertProduct(stack, alice.accessToken, alice.shopId)
    await expect.poll(() => listener.changes.length).toBe(1)
    expect(listener.changes[0]).toMatchObject({ schema: 'public', table: 'products', eventType: 'INSERT', new: {}, old: {}, errors: ['Error 401: Unauthorized'] })
    await anon.removeAllChannels()
  })
})

describe("a shop's team", () => {
  it('sends a member the changes of the shops they belong to at the time of each change, not at the time they joined the channel', async () => {
    const service = serviceClient(stack)
    const sam = await signUpUser(stack)
    const shopFloor = [
      { event: '*' as const, schema: 'public', table: 'products', filter: `shop_id=eq.${alice.shopId}` },
      { event: '*' as const, schema: 'public', table: 'stock_movements', filter: `shop_id=eq.${alice.shopId}` },
    ]
    const samHears = await listening(sam.client, shopFloor)
    const aliceHears = await listening(alice.client, shopFloor)
    const beforeJoining = await insertProduct(stack, alice.accessToken, alice.shopId, { qty: 5 })
    await received(aliceHears, beforeJoining)

    await service.from('shop_members').insert({ shop_id: alice.shopId, user_id: sam.id, role: 'staff' }).throwOnError()
    const [sale] = await rest(stack, alice.accessToken, 'POST', '/rpc/adjust_stock', { p_product_id: beforeJoining, p_delta: -1, p_reason: 'sold' })
    await received(samHears, sale!.id as string, 'INSERT')
    await received(aliceHears, sale!.id as string, 'INSERT')

    await service.from('shop_members').delete().eq('shop_id', alice.shopId).eq('user_id', sam.id).throwOnError()
    const afterRemoval = await insertProduct(stack, alice.accessToken, alice.shopId)
    await rest(stack, alice.accessToken, 'POST', '/rpc/adjust_stock', { p_product_id: afterRemoval, p_delta: 1, p_reason: 'received' })
    await expect.poll(() => aliceHears.changes.filter((c) => c.table === 'stock_movements').length).toBe(2)
    await flushed(sam.client.realtime)
    // the sale and the stock it changed, while Sam was on the team: nothing before, nothing after
    expect(seen(samHears).sort()).toEqual([`products UPDATE ${beforeJoining}`, `stock_movements INSERT ${sale!.id}`])
    await sam.client.removeAllChannels()
    await alice.client.removeAllChannels()
  })

  it('checks a member with an authenticator on the aal claim of their token, as REST does: a password-only session hears nothing', async () => {
    const service = serviceClient(stack)
    const manager = await signUpUser(stack)
    await service.from('shop_members').insert({ shop_id: bob.shopId, user_id: manager.id, role: 'manager' }).throwOnError()
    const step = await steadyStep()
    const factor = await enrollTotp(manager.client)
    expect((await answer(manager.client, factor.id, factor.secret, step)).error).toBeNull()
    const [passwordOnly, withCode] = [testClient(stack), testClient(stack)]
    for (const device of [passwordOnly, withCode]) await device.auth.signInWithPassword({ email: manager.email, password: manager.password })
    expect((await answer(withCode, factor.id, factor.secret, step + 1)).error).toBeNull()
    // supabase-js hands realtime a new token on SIGNED_IN and TOKEN_REFRESHED, not on MFA_CHALLENGE_VERIFIED
    await withCode.realtime.setAuth()
    const products = [{ event: 'INSERT' as const, schema: 'public', table: 'products', filter: `shop_id=eq.${bob.shopId}` }]
    const aal1 = await listening(passwordOnly, products)
    const aal2 = await listening(withCode, products)
    const id = await insertProduct(stack, bob.accessToken, bob.shopId)
    await received(aal2, id)
    await flushed(passwordOnly.realtime)
    expect(aal1.changes).toEqual([])
    for (const device of [passwordOnly, withCode]) await device.removeAllChannels()
  })
})

describe('tokens', () => {
  it('follows a refreshed token: a new "Subscribed to PostgreSQL", then changes as whoever the new token names', async () => {
    const device = testClient(stack)
    await device.auth.signInWithPassword({ email: alice.email, password: alice.password })
    const listener = await listening(device, [{ event: 'INSERT', schema: 'public', table: 'products' }])
    const { data } = await device.auth.refreshSession()
    expect(data.session?.access_token).toBeTruthy()
    await subscribed(listener, 2)
    const stillAlice = await insertProduct(stack, alice.accessToken, alice.shopId)
    await received(listener, stillAlice)

    await device.realtime.setAuth(bob.accessToken)
    await subscribed(listener, 3)
    const alices = await insertProduct(stack, alice.accessToken, alice.shopId)
    const bobs = await insertProduct(stack, bob.accessToken, bob.shopId)
    await received(listener, bobs)
    await flushed(device.realtime)
    expect(listener.changes.map((c) => rowOf(c).id)).toEqual([stillAlice, bobs])
    expect(listener.changes.map((c) => rowOf(c).id)).not.toContain(alices)
    await device.removeAllChannels()
  })

  it('closes the channel, with Realtime system errors, when a new token is invalid or the token expires', async () => {
    const forged = testClient(stack)
    await forged.realtime.setAuth(alice.accessToken)
    const refused = await listening(forged, [{ event: 'INSERT', schema: 'public', table: 'products' }])
    await forged.realtime.setAuth(`${alice.accessToken.slice(0, -4)}AAAA`)
    await expect.poll(() => refused.statuses).toContain('CLOSED')
    expect(refused.system.at(-1)).toEqual({ extension: 'system', status: 'error', message: ':signature_error', channel: refused.channel.subTopic })

    const shortLived = testClient(stack)
    await shortLived.realtime.setAuth(await userToken(stack, alice.id, { exp: Math.floor(Date.now() / 1000) + 2 }))
    const expiring = await listening(shortLived, [{ event: 'INSERT', schema: 'public', table: 'products' }])
    await expect.poll(() => expiring.statuses, { timeout: 10_000 }).toContain('CLOSED')
    expect(expiring.system.at(-1)).toEqual({ extension: 'system', status: 'error', message: 'Token has expired 0 seconds ago', channel: expiring.channel.subTopic })
    await forged.removeAllChannels()
    await shortLived.removeAllChannels()
  })

  it('refuses to join with an expired or forged token (CHANNEL_ERROR with the reason)', async () => {
    const client = testClient(stack)
    await client.realtime.setAuth(await userToken(stack, alice.id, { exp: Math.floor(Date.now() / 1000) - 5 }))
    const expired = listen(client, [{ event: '*', schema: 'public', table: 'products' }])
    await expect.poll(() => expired.statuses[0]).toMatch(/^CHANNEL_ERROR: InvalidJWTToken: Token has expired \d+ seconds ago$/)
    await client.removeAllChannels()
    await client.realtime.setAuth(`${alice.accessToken.slice(0, -4)}AAAA`)
    const forged = listen(client, [{ event: '*', schema: 'public', table: 'products' }])
    await expect.poll(() => forged.statuses[0]).toBe('CHANNEL_ERROR: JwtSignatureError: Failed to validate JWT signature')
    await client.removeAllChannels()
  })

  it('stops sending a device its changes once its session is signed out (the stack ends REST for it at once too)', async () => {
    const [phone, till] = [testClient(stack), testClient(stack)]
    for (const device of [phone, till]) await device.auth.signInWithPassword({ email: bob.email, password: bob.password })
    const onPhone = await listening(phone, [{ event: 'INSERT', schema: 'public', table: 'products' }])
    const onTill = await listening(till, [{ event: 'INSERT', schema: 'public', table: 'products' }])
    await phone.auth.signOut({ scope: 'local' })
    const id = await insertProduct(stack, bob.accessToken, bob.shopId)
    await received(onTill, id)
    await flushed(phone.realtime)
    expect(onPhone.changes).toEqual([])
    await phone.removeAllChannels()
    await till.removeAllChannels()
  })
})

describe('a dropped connection', () => {
  it('is reconnected by realtime-js, which joins again and goes on getting changes', async () => {
    const listener = await listening(alice.client, [{ event: 'INSERT', schema: 'public', table: 'products', filter: `shop_id=eq.${alice.shopId}` }])
    stack.realtime.dropConnections()
    await subscribed(listener, 2)
    const id = await insertProduct(stack, alice.accessToken, alice.shopId, { name: `After ${randomUUID().slice(0, 4)}` })
    await received(listener, id)
    await alice.client.removeAllChannels()
  })
})
