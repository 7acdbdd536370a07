import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, revalidatePath, signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { createProduct } from './create-product'
import { deleteProduct } from './delete-product'
import { updateProduct } from './update-product'
import { addProduct, ownerWithShop, snapshot, uploadPhoto, type Owner } from '@/test/support/catalogue-test-data'
import { PRODUCT_IMAGES_BUCKET } from '@/lib/products/product-image'
import { signUpUser } from '@/supabase/local/test/stack-fixture'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack
let owner: Owner
let rival: Owner
let rivalProduct: string

beforeAll(async () => {
  // a sign-in before each test: more than the 30 in 5 minutes a client gets
  stack = await startActionStack({ config: { signInRateLimit: { max: 100, windowMs: 60_000 } } })
  owner = await ownerWithShop(stack, 'Corner Shop')
  rival = await ownerWithShop(stack, 'Rival Shop')
  rivalProduct = await addProduct(rival, { name: 'Rival Tea', sku: 'RIVAL-1' })
  await addProduct(owner, { name: 'Milk', sku: 'MILK-1', barcode: '5000000000001' })
  await addProduct(owner, { name: 'Boxed tea', sku: 'BOX-1', barcode: 'ABC-9' })
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  revalidatePath.mockClear()
  await signInAs(owner)
})

const rivalPhoto = () => `${process.env.NEXT_PUBLIC_SUPABASE_URL}/storage/v1/object/public/product-images/${rival.shopId}/${randomUUID()}.webp`

describe('createProduct', () => {
  it('adds a product to the owner shop, opening its ledger, and ignores a shop_id smuggled into the form', async () => {
    const photo = await uploadPhoto(owner)
    const state = await createProduct(
      idle,
      formData({
        name: ' Oat Milk 1L ', sku: 'OAT-1', barcode: '5000000000002', qty: '12', low_stock_threshold: '4',
        target_qty: '24', unit_cost: '0.85', unit_price: '1,60', image_url: photo.url, shop_id: rival.shopId,
      }),
    )
    expect(state.ok).toBe(true)
    const { rows } = await stack.db.query<Record<string, unknown>>(
      'select shop_id, name, qty, target_qty, unit_cost::text, unit_price::text, image_url from products where id = $1',
      [state.message],
    )
    expect(rows[0]).toEqual({
      shop_id: owner.shopId, name: 'Oat Milk 1L', qty: 12, target_qty: 24, unit_cost: '0.85', unit_price: '1.60', image_url: photo.url,
    })
    const moves = await stack.db.query('select delta, reason, source from stock_movements where product_id = $1', [state.message])
    expect(moves.rows).toEqual([{ delta: 12, reason: 'initial', source: 'manual' }])
    expect(revalidatePath).toHaveBeenCalledWith('/app/products')
  })

  it('makes one product of a form sent twice (its first answer lost): the second gets it back, with the fields as sent now', async () => {
    const request_id = randomUUID()
    const form = { name: 'Net Bun', sku: 'BUN-1', qty: '7', request_id }
    const first = await createProduct(idle, formData(form))
    expect(first.ok).toBe(true)
    const again = await createProduct(idle, formData({ ...form, name: 'Net Bun 6-pack', qty: '9' }))
    expect(again).toEqual(first)
    const { rows } = await stack.db.query('select name, qty from products where shop_id = $1 and sku = $2', [owner.shopId, 'BUN-1'])
    expect(rows).toEqual([{ name: 'Net Bun 6-pack', qty: 7 }])
    const moves = await stack.db.query('select delta from stock_movements where product_id = $1', [first.message])
    expect(moves.rows).toEqual([{ delta: 7 }])
    // a form sent before the page's script ran has a blank id: added, as without one
    expect((await createProduct(idle, formData({ name: 'Early Bun', qty: '1', request_id: '' }))).ok).toBe(true)
  })

  it.each([
    ['a request id that is not one', { request_id: 'again' }, 'request_id', 'Reload the page and try again'],
    ['a duplicate SKU', { sku: 'MILK-1' }, 'sku', 'A product with this SKU already exists'],
    ['a duplicate barcode', { sku: 'NEW-1', barcode: '5000000000001' }, 'barcode', 'A product with this barcode already exists'],
    ['a SKU another product has in other capitals', { sku: 'milk-1' }, 'sku', 'Another product has this SKU in other capitals: SKUs are the same whatever their capitals'],
    ['a barcode another product has in other capitals', { sku: 'NEW-2', barcode: 'abc-9' }, 'barcode', 'Another product has this barcode in other capitals: barcodes are the same whatever their capitals'],
    ['no name', { name: '' }, 'name', 'Name is required'],
    ['a file for a name', { name: new Blob(['x']) }, 'name', 'Name is required'],
    ['a 121-character name', { name: 'x'.repeat(121) }, 'name', 'Name must be 120 characters or less'],
    ['a 65-character SKU', { sku: 'S'.repeat(65) }, 'sku', 'SKU must be 64 characters or less'],
    ['a formula barcode', { barcode: '=HYPERLINK("http://evil")' }, 'barcode', 'Barcode may only hold letters, digits and . _ / + - (up to 64)'],
    ['a negative quantity', { qty: '-3' }, 'qty', 'Quantity must be a whole number 0 or more'],
    ['a huge quantity', { qty: '99999999999' }, 'qty', 'Quantity must be at most 999,999,999'],
    ['a fractional threshold', { low_stock_threshold: '2.5' }, 'low_stock_threshold', 'Low-stock alert level must be a whole number 0 or more'],
    ['a negative price', { unit_price: '-1' }, 'unit_price', 'Price must be an amount of 0 or more, like 2.50'],
    ['a photo on another host', { image_url: 'https://evil.example/x.webp' }, 'image_url', 'The photo must be uploaded from this page'],
    ['a photo in another shop folder', { image_url: 'RIVAL' }, 'image_url', 'The photo must be uploaded from this page'],
    ['a javascript: photo', { image_url: 'javascript:alert(1)' }, 'image_url', 'The photo must be uploaded from this page'],
  ])('refuses %s and writes nothing', async (_, fields, field, message) => {
    const before = await snapshot(stack)
    const input: Record<string, string | Blob> = { name: 'Cola', qty: '1', ...fields }
    if (input.image_url === 'RIVAL') input.image_url = rivalPhoto()
    const state = await createProduct(idle, formData(input))
    expect(state).toEqual({ ok: false, message, fieldErrors: { [field]: [message] } })
    expect(await snapshot(stack)).toEqual(before)
    expect(revalidatePath).not.toHaveBeenCalled()
  })

  it('refuses a page uploaded under a photo name, writes nothing and removes the file', async () => {
    const page = await uploadPhoto(owner, Buffer.from('<html><script>alert(document.cookie)</script></html>'))
    const before = await snapshot(stack)
    const state = await createProduct(idle, formData({ name: 'Cola', qty: '1', image_url: page.url }))
    const message = 'This file is not a photo. Choose a JPEG, PNG or WebP image.'
    expect(state).toEqual({ ok: false, message, fieldErrors: { image_url: [message] } })
    expect(await snapshot(stack)).toEqual(before)
    expect((await owner.client.storage.from(PRODUCT_IMAGES_BUCKET).download(page.path)).data).toBeNull()
    // a JPEG named .webp is not what it claims either
    const jpeg = await uploadPhoto(owner, await sharp({ create: { width: 4, height: 3, channels: 3, background: '#fff' } }).jpeg().toBuffer())
    expect((await createProduct(idle, formData({ name: 'Cola', qty: '1', image_url: jpeg.url }))).fieldErrors).toEqual({ image_url: [message] })
  })

  it('refuses a signed-out visitor and a user without a shop', async () => {
    const before = await snapshot(stack)
    signOutEveryone()
    expect(await createProduct(idle, formData({ name: 'Cola' }))).toEqual({ ok: false, message: 'No user found' })
    await signInAs(await signUpUser(stack))
    expect(await createProduct(idle, formData({ name: 'Cola' }))).toEqual({ ok: false, message: 'Create your shop first' })
    expect(await snapshot(stack)).toEqual(before)
  })
})

describe('every invalid field at once (product form)', () => {
  const bad = { name: ' ', sku: 'S'.repeat(65), qty: '-1', low_stock_threshold: '2.5', unit_price: '-1' }
  const expected = {
    name: ['Name is required'],
    sku: ['SKU must be 64 characters or less'],
    qty: ['Quantity must be a whole number 0 or more'],
    low_stock_threshold: ['Low-stock alert level must be a whole number 0 or more'],
    unit_price: ['Price must be an amount of 0 or more, like 2.50'],
  }

  it('createProduct reports each one, and writes nothing', async () => {
    const before = await snapshot(stack)
    expect(await createProduct(idle, formData(bad))).toEqual({ ok: false, message: 'Name is required', fieldErrors: expected })
    expect(await snapshot(stack)).toEqual(before)
  })

  it('updateProduct reports each one (stock is not a form field there), and changes nothing', async () => {
    const id = await addProduct(owner, { name: 'Tea', sku: 'TEA-ALL' })
    const before = await snapshot(stack)
    const fieldErrors = Object.fromEntries(Object.entries(expected).filter(([field]) => field !== 'qty'))
    expect(await updateProduct(idle, formData({ ...bad, id }))).toEqual({ ok: false, message: 'Name is required', fieldErrors })
    expect(await snapshot(stack)).toEqual(before)
  })
})

describe('updateProduct', () => {
  it('saves the details but never the quantity', async () => {
    const id = await addProduct(owner, { name: 'Bread', qty: 3 })
    const state = await updateProduct(idle, formData({ id, name: 'Sourdough', sku: 'BREAD-SD', qty: '999', unit_price: '3.20' }))
    expect(state).toEqual({ ok: true, message: id })
    const { rows } = await stack.db.query('select name, sku, qty, unit_price::text from products where id = $1', [id])
    expect(rows[0]).toEqual({ name: 'Sourdough', sku: 'BREAD-SD', qty: 3, unit_price: '3.20' })
    expect(revalidatePath).toHaveBeenCalledWith(`/app/products/${id}`)
  })

  it.each([
    ["another shop's product", () => ({ id: rivalProduct, name: 'Mine now' }), 'form', 'Product not found'],
    ['an id that is not a uuid', () => ({ id: "1' or '1'='1", name: 'x' }), 'id', 'Product not found'],
    ['a SKU taken by another product', () => ({ id: 'OWN', name: 'x', sku: 'MILK-1' }), 'sku', 'A product with this SKU already exists'],
    ['a SKU another product has in other capitals', () => ({ id: 'OWN', name: 'x', sku: 'Milk-1' }), 'sku', 'Another product has this SKU in other capitals: SKUs are the same whatever their capitals'],
    ['a photo in another shop folder', () => ({ id: 'OWN', name: 'x', image_url: rivalPhoto() }), 'image_url', 'The photo must be uploaded from this page'],
  ])('refuses %s and writes nothing', async (_, input, field, message) => {
    const own = await addProduct(owner, { name: 'Jam' })
    const fields = input()
    if (fields.id === 'OWN') fields.id = own
    const before = await snapshot(stack)
    const state = await updateProduct(idle, formData(fields))
    expect(state.ok).toBe(false)
    expect(state.message).toBe(message)
    if (field !== 'form') expect(state.fieldErrors).toEqual({ [field]: [message] })
    expect(await snapshot(stack)).toEqual(before)
  })
})

describe('deleteProduct', () => {
  it("refuses another shop's product and a malformed id", async () => {
    const before = await snapshot(stack)
    expect(await deleteProduct(idle, formData({ id: rivalProduct }))).toEqual({ ok: false, message: 'Product not found' })
    expect((await deleteProduct(idle, formData({ id: '../../etc' }))).message).toBe('Product not found')
    expect(await snapshot(stack)).toEqual(before)
  })

  it('deletes the product, its ledger and its photo', async () => {
    const photo = await uploadPhoto(owner)
    const id = await addProduct(owner, { name: 'Cheese', qty: 4, image_url: photo.url })
    expect(await deleteProduct(idle, formData({ id }))).toEqual({ ok: true })
    const left = await stack.db.query('select 1 from products where id = $1 union all select 1 from stock_movements where product_id = $1', [id])
    expect(left.rows).toEqual([])
    const { data } = await owner.client.storage.from(PRODUCT_IMAGES_BUCKET).list(owner.shopId)
    expect(data?.map((file) => `${owner.shopId}/${file.name}`)).not.toContain(photo.path)
  })
})
