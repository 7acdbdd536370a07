// Lists longer than PostgREST's max_rows (1,000): it answers the first 1,000 rows and says
// nothing of the rest, so a shop past 1,000 products had its later products (by name) never
// counted in photos. (A deleted shop's files past the first 1,000: delete-shop.int.test.ts.)
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finishedAfterTasks, formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { countedPhoto, openSession, shelfJpeg, uploadStockPhoto } from '@/test/support/stocktake-test-data'
import { addStocktakePhoto } from '@/lib/actions/add-stocktake-photo'
import { countStocktakePhotos } from '@/lib/actions/analyse-stocktake'
import { startStocktake } from '@/lib/actions/start-stocktake'
import { PHOTO_HEADER_BYTES } from '@/lib/stocktakes/photo-limits'
import { createClient } from '@/lib/supabase/server'
import type { Stack } from '@/supabase/local/stack'
import { MAX_ROWS } from './all-rows'
import { listCountingCatalogue } from './products'
import { listPurchaseOrders, ORDERS_PAGE_SIZE } from './purchase-orders'
import { productSightings, sideCounts } from './stocktake-review'
import { listSuppliers } from './suppliers'

const MANY = 1200
let stack: Stack
let owner: Owner
let zucchini: string
let productIds: string[]

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'Big Shop')
  const rows = Array.from({ length: MANY }, (_, i) => ({ shop_id: owner.shopId, name: `Item ${String(i).padStart(4, '0')}`, qty: 1 }))
  const { data } = await owner.client.from('products').insert(rows).select('id').throwOnError()
  productIds = data.map((row) => row.id as string)
  // last by name: past the first 1,000
  zucchini = await addProduct(owner, { name: 'Zucchini', barcode: '5000000000012', qty: 4 })
})
afterAll(async () => stack?.stop())

it("reads a page as long as supabase/config.toml's max_rows, which hosted Supabase has too", () => {
  const toml = readFileSync('supabase/config.toml', 'utf8')
  expect(Number(/^max_rows = (\d+)$/m.exec(toml)?.[1])).toBe(MAX_ROWS)
})

describe('a shop of more than 1,000 products', () => {
  it('gives the counters every product', async () => {
    expect(await listCountingCatalogue(owner.client, owner.shopId)).toHaveLength(MANY + 1)
  })

  it('counts a photo of its last product by name', async () => {
    await signInAs(owner)
    const started = await startStocktake(idle, formData({}))
    const sessionId = (started as { sessionId: string }).sessionId
    const bytes = await shelfJpeg([{ text: '5000000000012', format: 'ean13', count: 3 }])
    const path = await uploadStockPhoto(owner, sessionId, 'start', bytes)
    const header = new File([new Uint8Array(bytes.subarray(0, PHOTO_HEADER_BYTES))], 'header.jpg', { type: 'image/jpeg' })
    expect(await addStocktakePhoto(idle, formData({ session_id: sessionId, side: 'start', path, header }))).toEqual({ ok: true })
    expect(await countStocktakePhotos(idle, formData({ session_id: sessionId }))).toEqual({ ok: true })
    await finishedAfterTasks()
    // what the upload page shows as the morning's count
    const counts = await sideCounts(await createClient(), sessionId)
    expect(counts.start).toEqual([{ productId: zucchini, name: 'Zucchini', count: 3 }])
    const { rows } = await stack.db.query('select label from count_unmatched where session_id = $1', [sessionId])
    expect(rows).toEqual([])
  })

  it("shows every product's morning count and where it was seen, past 1,000 lines", async () => {
    const sessionId = await openSession(owner)
    const photo = await countedPhoto(owner, sessionId, 'start', Object.fromEntries(productIds.map((id) => [id, 2])))
    await stack.db.query('update count_lines set box_x = 1, box_y = 1, box_w = 5, box_h = 5 where photo_id = $1', [photo])
    const counts = await sideCounts(owner.client, sessionId)
    // the first photo's Zucchini, and this one's 1,200
    expect(counts.start).toHaveLength(MANY + 1)
    expect(counts.start.at(-2)).toEqual({ productId: productIds.at(-1), name: `Item ${MANY - 1}`, count: 2 })
    expect((await productSightings(owner.client, sessionId)).get(productIds.at(-1)!)?.box).toEqual({ x: 1, y: 1, width: 5, height: 5 })
  })

  it('counts the products of a supplier linked to more than 1,000', async () => {
    const { data: supplier } = await owner.client.from('suppliers').insert({ shop_id: owner.shopId, name: 'Wholesale' }).select('id').single().throwOnError()
    await owner.client
      .from('product_suppliers')
      .insert(productIds.map((product_id) => ({ shop_id: owner.shopId, product_id, supplier_id: supplier.id })))
      .throwOnError()
    expect(await listSuppliers(owner.client, owner.shopId)).toMatchObject([{ name: 'Wholesale', products: MANY }])
  })
})

describe('purchase orders', () => {
  it('lists every order, newest first, 50 a page; a page past the last is the first', async () => {
    const { data: supplier } = await owner.client.from('suppliers').insert({ shop_id: owner.shopId, name: 'Dairy' }).select('id').single().throwOnError()
    // 120 orders, a minute apart
    await stack.db.query(
      `insert into purchase_orders (shop_id, supplier_id, number, created_at)
       select $1, $2, n, now() - make_interval(mins => 120 - n) from generate_series(1, 120) n`,
      [owner.shopId, supplier.id],
    )
    const pages = await Promise.all([1, 2, 3].map((page) => listPurchaseOrders(owner.client, null, page)))
    expect(pages.map((p) => [p.page, p.pageCount, p.orders.length])).toEqual([
      [1, 3, ORDERS_PAGE_SIZE],
      [2, 3, ORDERS_PAGE_SIZE],
      [3, 3, 20],
    ])
    expect(pages.flatMap((p) => p.orders.map((order) => order.number))).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i))
    expect(await listPurchaseOrders(owner.client, null, 9)).toMatchObject({ page: 1, pageCount: 3, orders: pages[0]!.orders })
    // a tab lists its statuses only, and counts its pages by them
    await stack.db.query(`update purchase_orders set status = 'cancelled' where shop_id = $1 and number > 60`, [owner.shopId])
    const open = await listPurchaseOrders(owner.client, ['draft', 'sent', 'partly_received'], 2)
    expect([open.page, open.pageCount, open.orders.map((order) => order.number)]).toEqual([2, 2, Array.from({ length: 10 }, (_, i) => 10 - i)])
    const cancelled = await listPurchaseOrders(owner.client, ['cancelled'])
    expect([cancelled.pageCount, cancelled.orders.length, cancelled.orders.every((order) => order.status === 'cancelled')]).toEqual([2, 50, true])
  })
})

