// "Your name" against a real stack: the auth server keeps the name, and each shop the person works
// in shows it; bad input and a signed-out caller change nothing, and nobody renames anyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import type { Stack } from '@/supabase/local/stack'
import { anonClient } from '@/supabase/local/test/stack-fixture'
import { NO_USER_MESSAGE } from './validated-action'
import { updateName } from './update-name'

let stack: Stack
let owner: Owner
let other: Owner

const names = async () =>
  (
    await stack.db.query<{ user_id: string; shop_id: string; name: string }>(
      'select user_id, shop_id, name from public.shop_people where user_id = any($1) order by user_id, shop_id',
      [[owner.id, other.id]],
    )
  ).rows
const fullName = async (id: string) =>
  (await stack.db.query<{ name: string | null }>(`select raw_user_meta_data ->> 'full_name' as name from auth.users where id = $1`, [id])).rows[0]!.name

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'First Shop')
  other = await ownerWithShop(stack, 'Other Shop')
  // the owner also works in the other shop, as staff
  await stack.db.query(`insert into public.shop_members (shop_id, user_id, role) values ($1, $2, 'staff')`, [other.shopId, owner.id])
})
afterAll(async () => stack?.stop())

describe('updateName', () => {
  it("saves the name with the auth server and shows it in every shop the person works in, and no one else's", async () => {
    const before = await names()
    await signInAs(owner)
    expect(await updateName(idle, formData({ fullName: '  Priya Shah ' }))).toEqual({ ok: true, message: 'The stock history and the reports show you as Priya Shah.' })
    expect(await fullName(owner.id)).toBe('Priya Shah')
    const after = await names()
    expect(after.filter((row) => row.user_id === owner.id).map((row) => [row.shop_id, row.name]).sort()).toEqual(
      [
        [owner.shopId, 'Priya Shah'],
        [other.shopId, 'Priya Shah'],
      ].sort(),
    )
    expect(after.filter((row) => row.user_id === other.id)).toEqual(before.filter((row) => row.user_id === other.id))
    // the Team page of the owner's shop names them so
    const { data: team } = await owner.client.rpc('shop_team').throwOnError()
    expect((team as { members: { name: string }[] }).members.map((member) => member.name)).toEqual(['Priya Shah'])
  })

  it('refuses a name too short or too long, and a signed-out caller, changing nothing', async () => {
    await signInAs(owner)
    const before = [await names(), await fullName(owner.id)]
    expect(await updateName(idle, formData({ fullName: ' x ' }))).toEqual({ ok: false, message: 'Name must be at least 2 characters', fieldErrors: { fullName: ['Name must be at least 2 characters'] } })
    expect(await updateName(idle, formData({ fullName: 'n'.repeat(101) }))).toMatchObject({ ok: false, fieldErrors: { fullName: ['Name must be less than 100 characters'] } })
    expect(await updateName(idle, formData({}))).toMatchObject({ ok: false })
    signOutEveryone()
    expect(await updateName(idle, formData({ fullName: 'Someone Else' }))).toEqual({ ok: false, message: NO_USER_MESSAGE })
    expect([await names(), await fullName(owner.id)]).toEqual(before)
  })

  it('lets no one run the copy for anyone else: sync_my_name() is the caller only, and refused to the anonymous key', async () => {
    const { error } = await anonClient(stack).rpc('sync_my_name')
    expect(error?.code).toBe('42501')
  })
})
