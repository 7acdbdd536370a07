// SKUs and barcodes unique per shop whatever their capitals (migration
// 20261126002300), on a database that already holds two products whose SKUs
// differ only in case: the migration's check keeps both and reports them, the
// trigger refuses any new clash before the unique index exists, the owner is
// shown the clash, the photo counter counts such a label for neither product,
// and the index is made once one of them is changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finishedAfterTasks, formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addStocktakePhoto } from '@/lib/actions/add-stocktake-photo'
import { countStocktakePhotos } from '@/lib/actions/analyse-stocktake'
import { createProduct } from '@/lib/actions/create-product'
import { startStocktake } from '@/lib/actions/start-stocktake'
import { updateProduct } from '@/lib/actions/update-product'
import { fromTuple } from '@/lib/products/catalogue'
import { describeClash, findCodeClashes } from '@/lib/products/code-clashes'
import { PHOTO_HEADER_BYTES } from '@/lib/stocktakes/photo-limits'
import { addProduct, ownerWithShop, snapshot, type Owner } from '@/test/support/catalogue-test-data'
import { shelfJpeg, uploadStockPhoto } from '@/test/support/stocktake-test-data'
import type { Stack } from '@/supabase/local/stack'
import { getCatalogue, getCodeTwins } from './products'
import { unmatchedCodes } from './stocktake-review'

let stack: Stack
let owner: Owner
let eggs: string
let freeRange: string

const ensureIndexes = async () => (await stack.db.query<{ r: unknown }>('select ensure_product_code_indexes() as r')).rows[0]!.r
const lowerIndexes = async () =>
  (await stack.db.query<{ indexname: string }>(`select indexname from pg_indexes where tablename = 'products' and indexname like '%lower%' order by 1`)).rows.map(
    (row) => row.indexname,
  )
const CASE_RULE = 'SKUs are the same whatever their capitals'

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'Egg Shop')
  // A database as it was before the rule: the index is not there, and two SKUs differ only in case.
  await stack.db.query('drop index products_shop_sku_lower_key')
  eggs = await addProduct(owner, { name: 'Eggs', sku: 'EGG-6', qty: 4 })
  await stack.db.query('alter table products disable trigger products_codes_ignore_case')
  freeRange = await addProduct(owner, { name: 'Free-range eggs', sku: 'egg-6', qty: 3 })
  await stack.db.query('alter table products enable trigger products_codes_ignore_case')
  await addProduct(owner, { name: 'Milk', sku: 'MILK', qty: 2 })
})
afterAll(async () => stack?.stop())

describe('a shop with two SKUs that differ only in case', () => {
  it("the migration's check keeps both products, reports the clash and makes only the plain index", async () => {
    const before = await snapshot(stack)
    expect(await ensureIndexes()).toEqual({ sku_clashes: 1, sku_unique: false, barcode_clashes: 0, barcode_unique: true })
    expect(await lowerIndexes()).toEqual(['products_shop_barcode_lower_key', 'products_shop_sku_lower_idx'])
    expect(await snapshot(stack)).toEqual(before)
  })

  it('refuses a third product or a change into the clash with the field message, before the unique index exists; other edits are saved', async () => {
    await signInAs(owner)
    const before = await snapshot(stack)
    const message = `Another product has the SKU EGG-6: ${CASE_RULE}`
    expect(await createProduct(idle, formData({ name: 'Brown eggs', sku: 'Egg-6' }))).toEqual({ ok: false, message, fieldErrors: { sku: [message] } })
    const milk = (await stack.db.query<{ id: string }>(`select id from products where sku = 'MILK'`)).rows[0]!.id
    expect(await updateProduct(idle, formData({ id: milk, name: 'Milk', sku: 'eGG-6' }))).toEqual({ ok: false, message, fieldErrors: { sku: [message] } })
    expect(await snapshot(stack)).toEqual(before)
    expect(await updateProduct(idle, formData({ id: freeRange, name: 'Free-range eggs, 6', sku: 'egg-6' }))).toEqual({ ok: true, message: freeRange })
  })

  it('shows the owner the clash on the products page and on each product’s edit page', async () => {
    const catalogue = (await getCatalogue(owner.client))!
    expect(findCodeClashes(catalogue.rows.map(fromTuple)).map(describeClash)).toEqual(['EGG-6 and egg-6 have the same SKU ignoring case: change one'])
    expect(await getCodeTwins(owner.client, eggs)).toEqual([{ id: freeRange, name: 'Free-range eggs, 6', sku: 'egg-6', barcode: null }])
  })

  it('counts a label of that code for neither product: it is listed under the codes we could not match, with both', async () => {
    await signInAs(owner)
    const started = (await startStocktake(idle, formData({}))) as { ok: boolean; sessionId: string }
    const photo = await shelfJpeg([{ text: 'EGG-6', format: 'qrcode', count: 2 }, { text: 'MILK', format: 'qrcode', count: 1 }], 5)
    const path = await uploadStockPhoto(owner, started.sessionId, 'start', photo)
    const header = new File([new Uint8Array(photo.subarray(0, PHOTO_HEADER_BYTES))], 'header.jpg', { type: 'image/jpeg' })
    expect(await addStocktakePhoto(idle, formData({ session_id: started.sessionId, side: 'start', path, header }))).toEqual({ ok: true })
    expect(await countStocktakePhotos(idle, formData({ session_id: started.sessionId }))).toEqual({ ok: true })
    await finishedAfterTasks()

    const counted = await stack.db.query('select p.name, l.count from count_lines l join products p on p.id = l.product_id where l.session_id = $1', [started.sessionId])
    expect(counted.rows).toEqual([{ name: 'Milk', count: 1 }])
    expect(await unmatchedCodes(owner.client, started.sessionId)).toEqual([
      {
        label: 'EGG-6',
        format: 'QRCode',
        side: 'start',
        count: 2,
        matches: [
          { id: eggs, name: 'Eggs', sku: 'EGG-6', barcode: null },
          { id: freeRange, name: 'Free-range eggs, 6', sku: 'egg-6', barcode: null },
        ],
      },
    ])
  })

  it('makes the unique index once one of them is changed; the index then refuses a case twin', async () => {
    await signInAs(owner)
    expect(await updateProduct(idle, formData({ id: freeRange, name: 'Free-range eggs, 6', sku: 'EGG-6-FR' }))).toEqual({ ok: true, message: freeRange })
    expect(await ensureIndexes()).toEqual({ sku_clashes: 0, sku_unique: true, barcode_clashes: 0, barcode_unique: true })
    expect(await lowerIndexes()).toEqual(['products_shop_barcode_lower_key', 'products_shop_sku_lower_key'])
    const message = `Another product has this SKU in other capitals: ${CASE_RULE}`
    expect(await createProduct(idle, formData({ name: 'Brown eggs', sku: 'egg-6-fr' }))).toEqual({ ok: false, message, fieldErrors: { sku: [message] } })
    expect(findCodeClashes((await getCatalogue(owner.client))!.rows.map(fromTuple))).toEqual([])
  })
})
