// The shop gate's data: the member's shop and their role there, the shop they chose among
// several (the x-shop-id the app's clients send), and the spec's rule that a failing shop check
// is logged and treated as "no shop".
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Stack } from '@/supabase/local/stack'
import { serviceClient, signUpUser, startTestStack, testClient, type TestUser } from '@/supabase/local/test/stack-fixture'
import { PUBLISHABLE_KEY } from '@/supabase/local/config'
import { findShopForUser, getShopChoice } from './shops'

let stack: Stack | undefined
let owner: TestUser

beforeAll(async () => {
  stack = await startTestStack()
  owner = await signUpUser(stack)
  await owner.client.from('shops').insert({ name: 'Gate Shop', currency: 'EUR' }).throwOnError()
})
afterAll(async () => stack?.stop())

describe('findShopForUser', () => {
  it("finds the owner's shop and nothing for a user without one", async () => {
    expect(await findShopForUser(owner.client)).toMatchObject({ name: 'Gate Shop', currency: 'EUR' })
    const newcomer = await signUpUser(stack!)
    expect(await findShopForUser(newcomer.client)).toBeNull()
  })

  it("finds a member's shop: the one they own first, else the one they work in", async () => {
    const helper = await signUpUser(stack!)
    const { data: gate } = await owner.client.from('shops').select('id').single().throwOnError()
    await serviceClient(stack!).from('shop_members').insert({ shop_id: gate.id, user_id: helper.id, role: 'staff' }).throwOnError()
    expect(await findShopForUser(helper.client)).toMatchObject({ id: gate.id, name: 'Gate Shop', role: 'staff', staff_can_confirm: false })
    const { data: own } = await helper.client.from('shops').insert({ name: 'Own Corner' }).select('id').single().throwOnError()
    expect(await findShopForUser(helper.client)).toMatchObject({ name: 'Own Corner', role: 'owner' })

    // The shop the client names, when they belong to it; another is ignored.
    const naming = (shop: string) => testClient(stack!, PUBLISHABLE_KEY, { headers: { Authorization: `Bearer ${helper.accessToken}`, 'x-shop-id': shop } })
    expect(await getShopChoice(naming(gate.id))).toEqual({
      shop: expect.objectContaining({ id: gate.id, role: 'staff' }),
      shops: [
        { id: gate.id, name: 'Gate Shop', role: 'staff' },
        { id: own.id, name: 'Own Corner', role: 'owner' },
      ],
    })
    const stranger = await signUpUser(stack!)
    const { data: theirs } = await stranger.client.from('shops').insert({ name: 'Not Yours' }).select('id').single().throwOnError()
    expect((await getShopChoice(naming(theirs.id)))?.shop).toMatchObject({ id: own.id, role: 'owner' })
  })

  it('logs a failing check and treats it as no shop', async () => {
    const unreachable = testClient(stack!)
    await stack!.stop()
    stack = undefined
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await findShopForUser(unreachable)).toBeNull()
    expect(log).toHaveBeenCalledWith('Error checking shop:', expect.any(Error))
    log.mockRestore()
  })
})
