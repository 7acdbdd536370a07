// The dashboard, reorder and report pages answered from a copy (migration 20261129000100): after
// every kind of write a shop makes, each page answers what working it out afresh answers, through
// the API as the app calls it. The oracle is the page's own function (private.*_uncached), run as
// the same user in the same state.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '../stack.ts'
import { signUpUser, startTestStack, testClient, type TestUser } from './stack-fixture.ts'
import { PUBLISHABLE_KEY } from '../config.ts'

type Json = Record<string, unknown>
let stack: Stack
let owner: TestUser
let shopId: string
let jam: string
let tea: string

const PAGES = {
  dashboard: { call: (u: TestUser) => u.client.rpc('dashboard'), fresh: 'private.dashboard_uncached()' },
  reorder: { call: (u: TestUser) => u.client.rpc('reorder_inputs'), fresh: 'private.reorder_inputs_uncached()' },
  report: { call: (u: TestUser) => u.client.rpc('shop_report', { p_range: '30d' }), fresh: `private.shop_report_uncached(null, null, '30d')` },
} as const

/** The page worked out afresh as `user` (the function the copy stands in for). */
async function fresh(user: TestUser, sql: string): Promise<unknown> {
  return stack.db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: user.id, role: 'authenticated', aal: 'aal1' })])
    await tx.query(`set local role authenticated`)
    const { rows } = await tx.query<{ body: unknown }>(`select ${sql}::json as body`)
    return rows[0]!.body
  })
}

/** A report's "generated at" is the time of each load, copy or not. */
const comparable = (body: unknown) => (body && typeof body === 'object' ? { ...(body as Json), generated_at: null } : body)

async function expectEveryPageFresh(user = owner) {
  for (const [name, page] of Object.entries(PAGES)) {
    const { data, error } = await page.call(user)
    expect(error, name).toBeNull()
    expect(comparable(data), name).toEqual(comparable(await fresh(user, page.fresh)))
  }
}

const copies = async () =>
  (await stack.db.query<{ kind: string; version: string }>(`select kind, version from private.page_cache where shop_id = $1 order by kind`, [shopId])).rows

beforeAll(async () => {
  stack = await startTestStack()
  owner = await signUpUser(stack)
  const { data: shop } = await owner.client.from('shops').insert({ name: 'Copy Shop', currency: 'GBP' }).select('id').single().throwOnError()
  shopId = shop.id as string
  const add = async (name: string, qty: number) =>
    (await owner.client.from('products').insert({ shop_id: shopId, name, sku: name.toUpperCase(), qty, unit_price: 2.5 }).select('id').single().throwOnError()).data
      .id as string
  jam = await add('Jam', 12)
  tea = await add('Tea', 3)
}, 60_000)

afterAll(async () => {
  await stack?.stop()
})

describe('pages through the copy', () => {
  it('keeps one copy per page and role, and answers it again while nothing changed', async () => {
    await expectEveryPageFresh()
    const kept = await copies()
    expect(kept.map((c) => c.kind)).toEqual(['dashboard:owner', 'reorder:owner', 'report:30d:owner'])
    // a copy is answered, not worked out again: marked by hand, the mark comes back
    await stack.db.query(`update private.page_cache set body = json_build_object('marked', true) where shop_id = $1 and kind = 'reorder:owner'`, [shopId])
    expect((await owner.client.rpc('reorder_inputs')).data).toEqual({ marked: true })
    await stack.db.query(`delete from private.page_cache where shop_id = $1`, [shopId])
  })

  const writes: [string, () => PromiseLike<{ error: unknown }>][] = [
    ['a sale', () => owner.client.rpc('adjust_stock', { p_product_id: jam, p_delta: -2, p_reason: 'sold', p_note: null, p_source: 'manual', p_request_id: randomUUID() })],
    ['a price', () => owner.client.from('products').update({ unit_price: 3.1 }).eq('id', jam)],
    ['a new product', () => owner.client.from('products').insert({ shop_id: shopId, name: 'Honey', sku: 'HONEY', qty: 1 })],
    ['a product removed', () => owner.client.from('products').delete().eq('sku', 'HONEY')],
    ['a supplier and its price', async () => {
      const { data } = await owner.client.from('suppliers').insert({ shop_id: shopId, name: 'Dairy Direct', lead_time_days: 4 }).select('id').single().throwOnError()
      return owner.client.from('product_suppliers').insert({ shop_id: shopId, product_id: tea, supplier_id: data.id, unit_cost: 1.2, pack_size: 6, preferred: true })
    }],
    ['a purchase order', async () => {
      const { data } = await owner.client.from('suppliers').select('id').eq('name', 'Dairy Direct').single().throwOnError()
      return owner.client.rpc('create_purchase_order', { p_supplier_id: data.id, p_lines: [{ product_id: tea, packs: 2 }] })
    }],
    ['a stocktake begun', () => owner.client.rpc('open_count_session')],
    ['a setting of the shop', () => owner.client.from('shops').update({ low_stock_digest: false }).eq('id', shopId)],
  ]
  for (const [what, write] of writes) {
    it(`after ${what}, answers what working the pages out afresh answers`, async () => {
      await expectEveryPageFresh()
      const { error } = await write()
      expect(error).toBeNull()
      await expectEveryPageFresh()
    })
  }

  it('a new local day is worked out afresh, though nothing was written', async () => {
    await expectEveryPageFresh()
    // the clock moves on: the copy's day is yesterday's
    await stack.db.query(`update private.page_cache set day = day - 1, body = json_build_object('yesterday', true) where shop_id = $1`, [shopId])
    await expectEveryPageFresh()
  })

  it('forgets copies of days gone by, of any shop, as new ones are kept', async () => {
    const other = await signUpUser(stack)
    const { data: gone } = await other.client.from('shops').insert({ name: 'Closed Shop' }).select('id').single().throwOnError()
    await stack.db.query(
      `insert into private.page_cache (shop_id, kind, version, day, body)
       values ($1, 'dashboard:owner', 1, current_date - 30, '{}'), ($1, 'reorder:owner', 1, current_date - 1, '{}')`,
      [gone.id],
    )
    await stack.db.query(`delete from private.page_cache where shop_id = $1`, [shopId])
    await expectEveryPageFresh()
    const left = await stack.db.query<{ kind: string }>(`select kind from private.page_cache where shop_id = $1`, [gone.id])
    // yesterday's may still be today somewhere west of UTC
    expect(left.rows.map((r) => r.kind)).toEqual(['reorder:owner'])
  })

  it("each role has its own copy: a manager's page is the manager's", async () => {
    const manager = await signUpUser(stack)
    await stack.db.query(`insert into shop_members (shop_id, user_id, role) values ($1, $2, 'manager')`, [shopId, manager.id])
    await expectEveryPageFresh(manager)
    expect((await copies()).map((c) => c.kind)).toEqual(expect.arrayContaining(['dashboard:manager', 'dashboard:owner']))
  })

  it('a read-only call (GET) answers the page and keeps nothing', async () => {
    await stack.db.query(`delete from private.page_cache where shop_id = $1`, [shopId])
    const { data, error } = await owner.client.rpc('reorder_inputs', {}, { get: true })
    expect(error).toBeNull()
    expect(data).toEqual(await fresh(owner, PAGES.reorder.fresh))
    expect(await copies()).toEqual([])
  })

  it('a transaction that wrote answers its own writes, and keeps no copy of them', async () => {
    await expectEveryPageFresh()
    const before = await copies()
    const sold = await stack.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: owner.id, role: 'authenticated', aal: 'aal1' })])
      await tx.query(`set local role authenticated`)
      await tx.query(`select public.adjust_stock($1, -1, 'sold', null, 'manual', $2)`, [tea, randomUUID()])
      const { rows } = await tx.query<{ body: { summary: { today: { sold: number } } } }>(`select public.dashboard() as body`)
      return rows[0]!.body.summary.today.sold
    })
    const { data } = await owner.client.rpc('dashboard')
    expect(sold).toBe((data as { summary: { today: { sold: number } } }).summary.today.sold)
    expect((await copies()).find((c) => c.kind === 'dashboard:owner')!.version).not.toBe(before.find((c) => c.kind === 'dashboard:owner')!.version)
  })

  it("never answers another shop's copy, nor anything to a caller with no shop", async () => {
    const other = await signUpUser(stack)
    await other.client.from('shops').insert({ name: 'Other Shop' }).throwOnError()
    const { data } = await other.client.rpc('dashboard')
    expect(JSON.stringify(data)).not.toContain('Jam')
    const nobody = await signUpUser(stack)
    expect((await nobody.client.rpc('dashboard')).data).toBeNull()
    expect((await nobody.client.rpc('shop_report', { p_range: '30d' })).data).toBeNull()
    // the copies are not served by the API at all
    const api = testClient(stack, PUBLISHABLE_KEY, { headers: { Authorization: `Bearer ${owner.accessToken}`, 'Accept-Profile': 'private' } })
    const { data: rows } = await api.from('page_cache').select('*')
    expect(rows ?? []).toEqual([])
  })

  it('two sales of one shop at once both commit: the version waits only for commits', async () => {
    const sell = (product: string) =>
      owner.client.rpc('adjust_stock', { p_product_id: product, p_delta: -1, p_reason: 'sold', p_note: null, p_source: 'manual', p_request_id: randomUUID() })
    const answers = await Promise.all([sell(jam), sell(tea), sell(jam), sell(tea)])
    expect(answers.map((a) => a.error)).toEqual([null, null, null, null])
    await expectEveryPageFresh()
  })
})
