// Settings → Delete shop against a real stack: only the owner, only with the shop's name typed
// again; then the shop, everything in it and its files in Storage are gone.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formData, idle, revalidateTag, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, uploadPhoto, type Owner } from '@/test/support/catalogue-test-data'
import { SECRET_KEY } from '@/supabase/local/config'
import type { Stack } from '@/supabase/local/stack'
import { signUpUser, type TestUser } from '@/supabase/local/test/stack-fixture'
import { MALFORMED_CALL_MESSAGE } from './validated-action'
import { deleteShop } from './delete-shop'

let stack: Stack
let owner: Owner
let manager: TestUser

/** What the shop holds: its row, its products, its members and its files. */
const held = async () =>
  (
    await stack.db.query(
      `select (select count(*)::int from public.shops where id = $1) as shops,
              (select count(*)::int from public.products where shop_id = $1) as products,
              (select count(*)::int from public.shop_members where shop_id = $1) as members,
              (select count(*)::int from storage.objects where name like $1::text || '/%') as files`,
      [owner.shopId],
    )
  ).rows[0]

beforeAll(async () => {
  stack = await startActionStack()
  process.env.SUPABASE_SECRET_KEY = SECRET_KEY
  owner = await ownerWithShop(stack, 'Corner Shop')
  await addProduct(owner)
  await uploadPhoto(owner)
  await uploadPhoto(owner)
  manager = await signUpUser(stack)
  await stack.db.query(`insert into public.shop_members (shop_id, user_id, role) values ($1, $2, 'manager')`, [owner.shopId, manager.id])
})
afterAll(async () => stack?.stop())

describe('deleting a shop', () => {
  it('refuses a manager, bad input and the name typed wrong, changing nothing', async () => {
    const before = await held()
    expect(before).toEqual({ shops: 1, products: 1, members: 2, files: 2 })
    await signInAs(manager)
    expect(await deleteShop(idle, formData({ name: 'Corner Shop' }))).toEqual({ ok: false, message: 'Only the owner can delete the shop' })
    await signInAs(owner)
    const wrong = 'Type Corner Shop exactly to delete the shop'
    expect(await deleteShop(idle, formData({ name: 'corner shop' }))).toEqual({ ok: false, message: wrong, fieldErrors: { name: [wrong] } })
    expect(await deleteShop(idle, formData({}))).toMatchObject({ ok: false, fieldErrors: { name: ['Type the shop’s name to delete it'] } })
    expect(await deleteShop(idle, formData({ name: 'x'.repeat(201) }))).toMatchObject({ ok: false, fieldErrors: { name: ['Type the shop’s name to delete it'] } })
    expect(await deleteShop(idle, null as unknown as FormData)).toMatchObject({ ok: false, message: MALFORMED_CALL_MESSAGE })
    expect(await held()).toEqual(before)
  })

  it('deletes the shop, everything in it and its files for the owner who types its name', async () => {
    await signInAs(owner)
    revalidateTag.mockClear()
    expect(await deleteShop(idle, formData({ name: ' Corner Shop ' }))).toEqual({ ok: true, message: 'Corner Shop is deleted' })
    expect(await held()).toEqual({ shops: 0, products: 0, members: 0, files: 0 })
    // every member's next page asks the database again (lib/auth/shop-choice-cache.ts), not only the owner's
    expect(revalidateTag.mock.calls.map(([tag]) => tag).sort()).toEqual([`shop-choice:${owner.id}`, `shop-choice:${manager.id}`].sort())
  })

  it('removes every file of a shop with more than 1,000 (one list answers 1,000 rows at most)', async () => {
    const closing = await ownerWithShop(stack, 'Closing Shop')
    const names = Array.from({ length: 1100 }, (_, i) => `${closing.shopId}/${randomUUID()}/start-${i}.jpg`)
    // Storage's rows alone: which files there are is what the listing reads
    await stack.db.query("insert into storage.objects (bucket_id, name, owner_id) select 'stock-photos', unnest($1::text[]), $2", [names, closing.id])
    await signInAs(closing)
    expect(await deleteShop(idle, formData({ name: 'Closing Shop' }))).toEqual({ ok: true, message: 'Closing Shop is deleted' })
    const { rows } = await stack.db.query("select count(*)::int as n from storage.objects where name like $1 || '/%'", [closing.shopId])
    expect(rows).toEqual([{ n: 0 }])
  })
})
