// The owner's team through the raw API, each person with their own token: invitations (made,
// replaced, revoked, expired, taken by the right address only), roles changed, a member
// removed, the shop handed over, and managers asked for two-factor sign-in. Nobody but the
// owner changes the team, and no owner reaches another shop's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Stack } from '../stack.ts'
import { PUBLISHABLE_KEY } from '../config.ts'
import { serviceClient, signUpUser, startTestStack, testClient, type TestUser } from './stack-fixture.ts'

let stack: Stack
let service: SupabaseClient
let owner: TestUser
let otherOwner: TestUser
let shopId: string
let otherShopId: string

interface Team {
  members: { user_id: string; email: string; role: string; two_factor: boolean }[]
  invites: { id: string; email: string; role: string }[]
  managers_need_2fa: boolean
}

async function team(user: TestUser = owner): Promise<Team> {
  const { data, error } = await user.client.rpc('shop_team')
  if (error) throw new Error(error.message)
  return data as Team
}

/** `user` invited by the owner as `role`, and joined. */
async function joined(user: TestUser, role: 'manager' | 'staff') {
  const { data: id } = await owner.client.rpc('invite_member', { p_email: user.email, p_role: role }).throwOnError()
  await user.client.rpc('accept_invite', { p_id: id }).throwOnError()
}

beforeAll(async () => {
  stack = await startTestStack()
  service = serviceClient(stack)
  owner = await signUpUser(stack)
  otherOwner = await signUpUser(stack)
  shopId = (await owner.client.from('shops').insert({ name: 'Team Shop' }).select('id').single().throwOnError()).data.id
  otherShopId = (await otherOwner.client.from('shops').insert({ name: 'Other Shop' }).select('id').single().throwOnError()).data.id
})
afterAll(async () => stack?.stop())

describe('invitations', () => {
  it('lets the invited address, and only it, join with the role given', async () => {
    const sam = await signUpUser(stack, `Sam-${crypto.randomUUID()}@Example.com`)
    const stranger = await signUpUser(stack)
    const { data: id } = await owner.client.rpc('invite_member', { p_email: `  ${sam.email.toUpperCase()} `, p_role: 'staff' }).throwOnError()
    expect((await team()).invites).toEqual([expect.objectContaining({ id, email: sam.email.toLowerCase(), role: 'staff' })])
    expect((await stranger.client.rpc('my_invites')).data).toEqual([])
    expect((await stranger.client.rpc('accept_invite', { p_id: id })).error?.hint).toBe('not_found')
    expect((await sam.client.rpc('my_invites')).data).toEqual([expect.objectContaining({ id, shop_name: 'Team Shop', role: 'staff' })])
    expect((await sam.client.rpc('accept_invite', { p_id: id })).data).toBe(shopId)
    expect((await sam.client.rpc('my_invites')).data).toEqual([])
    expect((await sam.client.from('shops').select('id')).data).toEqual([{ id: shopId }])
    const t = await team()
    expect(t.invites).toEqual([])
    expect(t.members).toContainEqual(expect.objectContaining({ user_id: sam.id, role: 'staff', two_factor: false }))
    expect((await owner.client.rpc('invite_member', { p_email: sam.email, p_role: 'manager' })).error?.hint).toBe('already_member')
  })

  it('replaces an open invitation to the same address, and refuses a revoked or expired one', async () => {
    const kim = await signUpUser(stack)
    const { data: first } = await owner.client.rpc('invite_member', { p_email: kim.email, p_role: 'staff' }).throwOnError()
    const { data: second } = await owner.client.rpc('invite_member', { p_email: kim.email, p_role: 'manager' }).throwOnError()
    expect((await team()).invites.filter((i) => i.email === kim.email)).toEqual([expect.objectContaining({ id: second, role: 'manager' })])
    expect((await kim.client.rpc('accept_invite', { p_id: first })).error?.hint).toBe('revoked')
    expect((await owner.client.rpc('revoke_invite', { p_id: second })).data).toBe(true)
    expect((await kim.client.rpc('accept_invite', { p_id: second })).error?.hint).toBe('revoked')
    const { data: third } = await owner.client.rpc('invite_member', { p_email: kim.email, p_role: 'staff' }).throwOnError()
    await service.from('shop_invites').update({ expires_at: new Date(Date.now() - 1000).toISOString() }).eq('id', third).throwOnError()
    expect((await kim.client.rpc('my_invites')).data).toEqual([])
    expect((await kim.client.rpc('accept_invite', { p_id: third })).error?.hint).toBe('expired')
    expect((await kim.client.from('shops').select('id')).data).toEqual([])
  })

  it('refuses bad roles and anyone but the owner inviting', async () => {
    const mia = await signUpUser(stack)
    await joined(mia, 'manager')
    expect((await owner.client.rpc('invite_member', { p_email: 'x@example.com', p_role: 'owner' })).error?.code).toBe('22023')
    expect((await owner.client.rpc('invite_member', { p_email: 'not an email', p_role: 'staff' })).error?.code).toBe('23514')
    expect((await mia.client.rpc('invite_member', { p_email: 'x@example.com', p_role: 'staff' })).error?.code).toBe('42501')
    expect((await mia.client.rpc('shop_team')).error?.code).toBe('42501')
    expect((await mia.client.from('shop_invites').select('id')).data).toEqual([])
    const { data: id } = await owner.client.rpc('invite_member', { p_email: 'y@example.com', p_role: 'staff' }).throwOnError()
    expect((await mia.client.rpc('revoke_invite', { p_id: id })).error?.code).toBe('42501')
    expect((await otherOwner.client.rpc('revoke_invite', { p_id: id })).data).toBe(false)
    expect((await otherOwner.client.from('shop_invites').select('id')).data).toEqual([])
    expect((await team(otherOwner)).members).toEqual([expect.objectContaining({ user_id: otherOwner.id, role: 'owner' })])
    expect((await service.from('shop_invites').select('shop_id').eq('id', id).single()).data?.shop_id).not.toBe(otherShopId)
    expect((await mia.client.from('shop_invites').insert({ shop_id: shopId, email: 'z@example.com', role: 'manager' })).error?.code).toBe('42501')
  })
})

describe('the owner manages members', () => {
  it('changes a role, and a removed member is refused on the next request', async () => {
    const lee = await signUpUser(stack)
    await joined(lee, 'staff')
    await owner.client.rpc('set_member_role', { p_user_id: lee.id, p_role: 'manager' }).throwOnError()
    expect((await lee.client.rpc('shop_report', { p_range: '7d' })).data).not.toBeNull()
    expect((await lee.client.rpc('set_member_role', { p_user_id: lee.id, p_role: 'manager' })).error?.code).toBe('42501')
    expect((await otherOwner.client.rpc('remove_member', { p_user_id: lee.id })).error?.hint).toBe('not_found')
    expect((await owner.client.rpc('remove_member', { p_user_id: owner.id })).error?.hint).toBe('owner')
    await owner.client.rpc('remove_member', { p_user_id: lee.id }).throwOnError()
    expect((await lee.client.from('shops').select('id')).data).toEqual([])
    expect((await lee.client.rpc('shop_report', { p_range: '7d' })).data).toBeNull()
  })

  it('hands the shop over: the new owner runs the team, the old one stays as a manager', async () => {
    const ana = await signUpUser(stack)
    const bo = await signUpUser(stack)
    const { data: shop } = await ana.client.from('shops').insert({ name: 'Handed Shop' }).select('id').single().throwOnError()
    const { data: id } = await ana.client.rpc('invite_member', { p_email: bo.email, p_role: 'manager' }).throwOnError()
    await bo.client.rpc('accept_invite', { p_id: id }).throwOnError()
    await ana.client.rpc('hand_over_shop', { p_user_id: bo.id }).throwOnError()
    expect((await bo.client.rpc('shop_team')).data.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: bo.id, role: 'owner' }), expect.objectContaining({ user_id: ana.id, role: 'manager' })]),
    )
    expect((await service.from('shops').select('owner_id').eq('id', shop.id).single()).data?.owner_id).toBe(bo.id)
    expect((await ana.client.rpc('shop_team')).error?.code).toBe('42501')
    expect((await otherOwner.client.rpc('hand_over_shop', { p_user_id: ana.id })).error?.hint).toBe('not_found')
  })

  it('lets an owner have a second branch, by opening one or by taking one over, and works in the one chosen', async () => {
    const cy = await signUpUser(stack)
    const dee = await signUpUser(stack)
    const { data: first } = await cy.client.from('shops').insert({ name: 'Cy High Street' }).select('id').single().throwOnError()
    const { data: second } = await cy.client.from('shops').insert({ name: 'Cy Station' }).select('id').single().throwOnError()
    const cyIn = (shop: string) => testClient(stack, PUBLISHABLE_KEY, { headers: { Authorization: `Bearer ${cy.accessToken}`, 'x-shop-id': shop } })
    const { data: mine } = await cy.client.rpc('my_shops').throwOnError()
    expect((mine as { id: string; role: string }[]).map(({ id, role }) => ({ id, role })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [{ id: first.id, role: 'owner' }, { id: second.id, role: 'owner' }].sort((a, b) => a.id.localeCompare(b.id)),
    )
    // each branch's products, its team and its figures are its own
    await cyIn(second.id).from('products').insert({ shop_id: second.id, name: 'Station Tea', sku: 'TEA' }).throwOnError()
    const catalogue = async (shop: string) => (await cyIn(shop).rpc('catalogue').throwOnError()).data as { shop: { id: string }; rows: unknown[][] }
    expect(await catalogue(first.id)).toMatchObject({ shop: { id: first.id }, rows: [] })
    const station = await catalogue(second.id)
    expect([station.shop.id, station.rows.map((row) => row[1])]).toEqual([second.id, ['Station Tea']])
    const { data: invite } = await cyIn(second.id).rpc('invite_member', { p_email: dee.email, p_role: 'manager' }).throwOnError()
    await dee.client.rpc('accept_invite', { p_id: invite }).throwOnError()
    expect((await cyIn(first.id).rpc('shop_team').throwOnError()).data.members).toHaveLength(1)
    // the owner of a shop takes another over
    const { data: deesOwn } = await dee.client.from('shops').insert({ name: 'Dee Corner' }).select('id').single().throwOnError()
    await cyIn(second.id).rpc('hand_over_shop', { p_user_id: dee.id }).throwOnError()
    const { data: owned } = await service.from('shops').select('id').eq('owner_id', dee.id).order('id').throwOnError()
    expect(owned.map((row) => row.id)).toEqual([deesOwn.id, second.id].sort())
    expect((await cyIn(second.id).rpc('shop_team')).error?.code).toBe('42501')
  })

  it('asks managers for two-factor: without an aal2 session a manager works as staff', async () => {
    const max = await signUpUser(stack)
    await joined(max, 'manager')
    expect((await max.client.rpc('shop_report', { p_range: '7d' })).data).not.toBeNull()
    expect((await max.client.from('shops').update({ managers_need_2fa: true }).eq('id', shopId).select()).error?.code).toBe('42501')
    await owner.client.from('shops').update({ managers_need_2fa: true }).eq('id', shopId).throwOnError()
    expect((await team()).managers_need_2fa).toBe(true)
    expect((await max.client.rpc('shop_report', { p_range: '7d' })).data).toBeNull()
    expect((await max.client.from('products').select('id')).error).toBeNull()
    await owner.client.from('shops').update({ managers_need_2fa: false }).eq('id', shopId).throwOnError()
    expect((await max.client.rpc('shop_report', { p_range: '7d' })).data).not.toBeNull()
  })
})
