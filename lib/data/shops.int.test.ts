// The shop gate's data: the owner's shop, and the spec's rule that a failing
// shop check is logged and treated as "no shop".
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Stack } from '@/supabase/local/stack'
import { serviceClient, signUpUser, startTestStack, testClient, type TestUser } from '@/supabase/local/test/stack-fixture'
import { findShopForUser } from './shops'

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
    expect(await findShopForUser(owner.client, owner.id)).toMatchObject({ name: 'Gate Shop', currency: 'EUR' })
    const newcomer = await signUpUser(stack!)
    expect(await findShopForUser(newcomer.client, newcomer.id)).toBeNull()
  })

  it("finds a member's shop: the one they own first, else the one they work in", async () => {
    const helper = await signUpUser(stack!)
    const { data: gate } = await owner.client.from('shops').select('id').single().throwOnError()
    await serviceClient(stack!).from('shop_members').insert({ shop_id: gate.id, user_id: helper.id, role: 'staff' }).throwOnError()
    expect(await findShopForUser(helper.client, helper.id)).toMatchObject({ id: gate.id, name: 'Gate Shop' })
    await helper.client.from('shops').insert({ name: 'Own Corner' }).throwOnError()
    expect(await findShopForUser(helper.client, helper.id)).toMatchObject({ name: 'Own Corner' })
  })

  it('logs a failing check and treats it as no shop', async () => {
    const unreachable = testClient(stack!)
    await stack!.stop()
    stack = undefined
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await findShopForUser(unreachable, owner.id)).toBeNull()
    expect(log).toHaveBeenCalledWith('Error checking shop:', expect.any(Error))
    log.mockRestore()
  })
})
