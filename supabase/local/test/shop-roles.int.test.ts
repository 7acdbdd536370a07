// A shop's team through the raw REST API, each member with their own token: what a manager
// and a staff member may read and change, a removed member refused on the next request, a
// member of two shops working in the one the app names, and a member with an authenticator
// reading nothing on a password-only (aal1) session.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Stack } from '../stack.ts'
import { answer, enrollTotp, steadyStep } from './mfa-helpers.ts'
import { serviceClient, signUpUser, startTestStack, testClient, type TestUser } from './stack-fixture.ts'
import { PUBLISHABLE_KEY } from '../config.ts'

let stack: Stack
let service: SupabaseClient
let owner: TestUser
let manager: TestUser
let staff: TestUser
let shopId: string
let productId: string
let supplierId: string

/** A client for `user` whose requests name `shop` (x-shop-id, as the app's server client sends it). */
const inShop = (user: TestUser, shop: string) => testClient(stack, PUBLISHABLE_KEY, { headers: { Authorization: `Bearer ${user.accessToken}`, 'x-shop-id': shop } })

async function join(user: TestUser, shop: string, role: 'manager' | 'staff') {
  await service.from('shop_members').insert({ shop_id: shop, user_id: user.id, role }).throwOnError()
}

beforeAll(async () => {
  stack = await startTestStack()
  service = serviceClient(stack)
  owner = await signUpUser(stack)
  manager = await signUpUser(stack)
  staff = await signUpUser(stack)
  const { data: shop } = await owner.client.from('shops').insert({ name: 'Team Shop', timezone: 'Europe/London' }).select().single().throwOnError()
  shopId = shop.id
  const { data: product } = await owner.client.from('products').insert({ shop_id: shopId, name: 'Milk', sku: 'MILK', qty: 10, unit_cost: 0.5 }).select('id').single().throwOnError()
  productId = product.id
  const { data: supplier } = await owner.client.from('suppliers').insert({ shop_id: shopId, name: 'Dairy Co' }).select().single().throwOnError()
  supplierId = supplier.id
  await join(manager, shopId, 'manager')
  await join(staff, shopId, 'staff')
})
afterAll(async () => stack?.stop())

describe('members and roles, enforced by the database', () => {
  it('makes the creator of a shop its owner, and shows every member the team', async () => {
    const { data } = await staff.client.from('shop_members').select('user_id, role').order('role').throwOnError()
    expect(data).toEqual(
      expect.arrayContaining([
        { user_id: owner.id, role: 'owner' },
        { user_id: manager.id, role: 'manager' },
        { user_id: staff.id, role: 'staff' },
      ]),
    )
  })

  it('lets staff sell at the counter and read the catalogue, and nothing of suppliers, purchase orders or reports', async () => {
    const { data: sold } = await staff.client.rpc('adjust_stock', { p_product_id: productId, p_delta: -1, p_reason: 'sold', p_note: null, p_source: 'manual', p_request_id: randomUUID() }).throwOnError()
    expect(sold).toBeTruthy()
    expect((await staff.client.from('products').select('id').throwOnError()).data).toEqual([{ id: productId }])
    expect((await staff.client.from('suppliers').select('id').throwOnError()).data).toEqual([])
    expect((await staff.client.from('purchase_orders').select('id').throwOnError()).data).toEqual([])
    expect((await staff.client.rpc('shop_report', { p_range: '30d' })).data).toBeNull()
    expect((await staff.client.rpc('reorder_inputs')).data).toMatchObject({ days: null, products: [] })
    expect((await staff.client.rpc('dashboard')).data).toBeNull()
    const link = await staff.client.rpc('link_product_supplier', { p_product_id: productId, p_supplier_id: supplierId })
    expect(link.error?.code).toBe('P0002')
  })

  it('refuses staff changing the catalogue, the shop or the team', async () => {
    expect((await staff.client.from('products').update({ name: 'Hijacked' }).eq('id', productId).select('name')).data).toEqual([])
    expect((await staff.client.from('products').insert({ shop_id: shopId, name: 'Planted', sku: 'PLANT' })).error?.code).toBe('42501')
    expect((await staff.client.from('shops').update({ name: 'Mine now' }).eq('id', shopId).select()).data).toEqual([])
    expect((await staff.client.from('shop_members').insert({ shop_id: shopId, user_id: staff.id, role: 'owner' })).error?.code).toBe('42501')
    expect((await staff.client.from('shop_members').update({ role: 'owner' }).eq('user_id', staff.id).select()).error?.code).toBe('42501')
    const { data } = await service.from('products').select('name').eq('id', productId).single().throwOnError()
    expect(data.name).toBe('Milk')
  })

  it('lets a manager run the shop but not where its reports go', async () => {
    expect((await manager.client.from('suppliers').select('id').throwOnError()).data).toEqual([{ id: supplierId }])
    expect((await manager.client.from('products').update({ name: 'Whole Milk' }).eq('id', productId).select('name').throwOnError()).data).toEqual([{ name: 'Whole Milk' }])
    expect((await manager.client.rpc('shop_report', { p_range: '30d' }).throwOnError()).data).not.toBeNull()
    expect((await manager.client.from('shops').update({ name: 'Team Shop Ltd' }).eq('id', shopId).select('name').throwOnError()).data).toEqual([{ name: 'Team Shop Ltd' }])
    const delivery = await manager.client.from('shops').update({ report_time: '07:00' }).eq('id', shopId)
    expect(delivery.error?.code).toBe('42501')
    const recipient = await manager.client.rpc('add_report_recipient', { p_channel: 'email', p_address: 'friend@example.com' })
    expect(recipient.error?.code).toBe('P0002')
  })

  it('lets staff confirm a stocktake only where the owner allows it', async () => {
    const { data: session } = await staff.client.rpc('open_count_session').throwOnError()
    const refused = await staff.client.rpc('confirm_count_session', { p_session_id: session.id, p_version: '0'.repeat(32) })
    expect(refused.error?.message).toBe('Confirming needs the owner or a manager')
    await owner.client.from('shops').update({ staff_can_confirm: true }).eq('id', shopId).throwOnError()
    const allowed = await staff.client.rpc('confirm_count_session', { p_session_id: session.id, p_version: '0'.repeat(32) })
    expect(allowed.error?.message).not.toBe('Confirming needs the owner or a manager')
    await owner.client.from('shops').update({ staff_can_confirm: false }).eq('id', shopId).throwOnError()
  })

  it('refuses a removed member on their next request, with the same token', async () => {
    const leaver = await signUpUser(stack)
    await join(leaver, shopId, 'staff')
    expect((await leaver.client.from('products').select('id').throwOnError()).data).toHaveLength(1)
    await service.from('shop_members').delete().eq('user_id', leaver.id).throwOnError()
    expect((await leaver.client.from('products').select('id').throwOnError()).data).toEqual([])
    const sale = await leaver.client.rpc('adjust_stock', { p_product_id: productId, p_delta: -1, p_reason: 'sold', p_note: null, p_source: 'manual', p_request_id: randomUUID() })
    // and says why, not "Product not found"
    expect(sale.error).toMatchObject({ code: '42501', message: 'You are no longer a member of this shop' })
  })

  it('works in the shop the request names, for a member of two shops, and never falls back to another', async () => {
    const other = await signUpUser(stack)
    const { data: own } = await other.client.from('shops').insert({ name: 'Second Branch', timezone: 'Europe/London' }).select().single().throwOnError()
    await join(other, shopId, 'staff')
    expect((await other.client.rpc('catalogue').throwOnError()).data.shop.id).toBe(own.id)
    expect((await inShop(other, shopId).rpc('catalogue').throwOnError()).data.shop.id).toBe(shopId)
    // staff in the named shop: its reports are refused, not answered with their own shop's
    expect((await inShop(other, shopId).rpc('shop_report', { p_range: '30d' })).data).toBeNull()
    expect((await inShop(other, own.id).rpc('shop_report', { p_range: '30d' }).throwOnError()).data).not.toBeNull()
    // a shop they do not belong to is ignored
    expect((await inShop(other, randomUUID()).rpc('catalogue').throwOnError()).data.shop.id).toBe(own.id)
  })
})

describe('two-factor sign-in in the database (aal)', () => {
  it('reads nothing on a password-only session once the member has a verified authenticator, and all at aal2', async () => {
    const guarded = await signUpUser(stack)
    const { data: shop } = await guarded.client.from('shops').insert({ name: 'Guarded', timezone: 'Europe/London' }).select().single().throwOnError()
    await guarded.client.from('products').insert({ shop_id: shop.id, name: 'Tea', sku: 'TEA', unit_cost: 1.2 }).throwOnError()
    // Turned on through the auth API, as the app does: the session that verified it is at aal2.
    const phone = testClient(stack)
    await phone.auth.signInWithPassword({ email: guarded.email, password: guarded.password })
    const { id, secret } = await enrollTotp(phone)
    const step = await steadyStep()
    expect((await answer(phone, id, secret, step)).error).toBeNull()
    expect((await phone.from('product_costs').select('unit_cost').throwOnError()).data).toEqual([{ unit_cost: 1.2 }])
    expect((await phone.rpc('shop_report', { p_range: '30d' }).throwOnError()).data).not.toBeNull()

    // The password alone (a new sign-in, aal1) reads no shop, no product, no report.
    const thief = testClient(stack)
    await thief.auth.signInWithPassword({ email: guarded.email, password: guarded.password })
    expect((await thief.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    expect((await thief.from('products').select('id').throwOnError()).data).toEqual([])
    expect((await thief.from('product_costs').select('unit_cost').throwOnError()).data).toEqual([])
    expect((await thief.from('shops').select('id').throwOnError()).data).toEqual([])
    expect((await thief.rpc('shop_report', { p_range: '30d' })).data).toBeNull()
    const sale = await thief.rpc('adjust_stock', { p_product_id: productId, p_delta: -1, p_reason: 'sold', p_note: null, p_source: 'manual', p_request_id: randomUUID() })
    expect(sale.error?.code).toBe('P0002')
  })
})
