// An owner of two shops, through the raw HTTP API as the app's clients call it: a request that names
// a shop (x-shop-id) reads and writes that shop alone; x-shop-only (the app's actions) means that
// shop or none. The walk found both shops' purchase orders in one list, Settings failing on two feed
// links, and the other shop's product shown in this shop's currency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLISHABLE_KEY } from '../config.ts'
import type { Stack } from '../stack.ts'
import { serviceClient, signUpUser, startTestStack, testClient, type TestUser } from './stack-fixture.ts'

let stack: Stack
let owner: TestUser
const shops: Record<'corner' | 'cafe', string> = { corner: '', cafe: '' }
const products: Record<'corner' | 'cafe', string> = { corner: '', cafe: '' }

const naming = (shop: string, only = false) =>
  testClient(stack, PUBLISHABLE_KEY, { headers: { Authorization: `Bearer ${owner.accessToken}`, 'x-shop-id': shop, ...(only ? { 'x-shop-only': '1' } : {}) } })

beforeAll(async () => {
  stack = await startTestStack()
  owner = await signUpUser(stack)
  for (const [key, name, currency] of [['corner', 'Olive Corner Shop', 'GBP'], ['cafe', 'Olive Cafe', 'EUR']] as const) {
    const { data: shop } = await owner.client.from('shops').insert({ name, currency }).select('id').single().throwOnError()
    shops[key] = shop.id
    const client = naming(shop.id)
    const { data: product } = await client.from('products').insert({ shop_id: shop.id, name: `${name} milk`, sku: 'MILK-1', qty: 4 }).select('id').single().throwOnError()
    products[key] = product.id
    const { data: supplier } = await client.from('suppliers').insert({ shop_id: shop.id, name: `${name} dairy` }).select('id').single().throwOnError()
    await client.rpc('create_purchase_order', { p_supplier_id: supplier.id, p_lines: [{ product_id: product.id, packs: 1 }] }).throwOnError()
    await client.rpc('rotate_report_feed').throwOnError()
  }
}, 120_000)
afterAll(async () => stack?.stop())

describe('a request that names a shop works in that shop alone', () => {
  it('lists, and reads by id, only the named shop’s rows', async () => {
    for (const [key, other] of [['corner', 'cafe'], ['cafe', 'corner']] as const) {
      const client = naming(shops[key])
      const { data: orders } = await client.from('purchase_orders').select('shop_id').throwOnError()
      expect(orders).toEqual([{ shop_id: shops[key] }])
      const { data: feed } = await client.from('report_feeds').select('created_at').maybeSingle().throwOnError()
      expect(feed).not.toBeNull()
      const { data: list } = await client.from('products').select('id').throwOnError()
      expect(list).toEqual([{ id: products[key] }])
      const { data: elsewhere } = await client.from('products').select('id').eq('id', products[other]).maybeSingle().throwOnError()
      expect(elsewhere).toBeNull()
      // and changes nothing there
      const { data: changed } = await client.from('products').update({ name: 'Renamed' }).eq('id', products[other]).select('id').throwOnError()
      expect(changed).toEqual([])
    }
    const { data: names } = await serviceClient(stack).from('products').select('name').order('name').throwOnError()
    expect(names).toEqual([{ name: 'Olive Cafe milk' }, { name: 'Olive Corner Shop milk' }])
  })

  it('still lists every shop of the member’s in the switcher', async () => {
    const { data } = await naming(shops.cafe).rpc('my_shops').throwOnError()
    expect((data as { name: string; current: boolean }[]).map(({ name, current }) => ({ name, current }))).toEqual([
      { name: 'Olive Cafe', current: true },
      { name: 'Olive Corner Shop', current: false },
    ])
  })

  it('a stock change is refused for the other shop’s product', async () => {
    const { error } = await naming(shops.cafe).rpc('adjust_stock', { p_product_id: products.corner, p_delta: 1, p_reason: 'restock' })
    expect(error).not.toBeNull()
    const { data } = await serviceClient(stack).from('products').select('qty').eq('id', products.corner).single().throwOnError()
    expect(data.qty).toBe(4)
  })

  it('x-shop-only: a shop the caller is no member of means none, never their other one', async () => {
    const stranger = await signUpUser(stack)
    const { data: theirs } = await stranger.client.from('shops').insert({ name: 'Not Yours' }).select('id').single().throwOnError()
    const { data: fallback } = await naming(theirs.id).rpc('current_shop_id').throwOnError()
    expect([shops.corner, shops.cafe]).toContain(fallback)
    const { data: none } = await naming(theirs.id, true).rpc('current_shop_id').throwOnError()
    expect(none).toBeNull()
    const { data: rows } = await naming(theirs.id, true).from('products').select('id').throwOnError()
    expect(rows).toEqual([])
    const { data: named } = await naming(shops.cafe, true).rpc('current_shop_id').throwOnError()
    expect(named).toBe(shops.cafe)
  })

  it('a request that names no shop (as Realtime checks a change) counts every shop of the member’s', async () => {
    const { data } = await owner.client.from('purchase_orders').select('shop_id').throwOnError()
    expect(new Set(data.map(({ shop_id }) => shop_id))).toEqual(new Set([shops.corner, shops.cafe]))
  })
})
