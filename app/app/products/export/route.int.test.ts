import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { csvFields } from '@/test/support/csv-fields'
import { csvFile } from '@/test/support/import-test-kit'
import { importProducts } from '@/lib/actions/import-products'
import { previewProductImport } from '@/lib/actions/preview-product-import'
import type { Stack } from '@/supabase/local/stack'
import { GET } from './route'

let stack: Stack
let owner: Owner
let roundTrip: Owner

const TRICKY = [
  { name: 'Crème brûlée "deluxe", large', sku: 'CB-1', barcode: '0001234', qty: 3, unit_cost: 0.4, unit_price: 1234567.89 },
  { name: 'Two\nlines; with a tab\there', sku: 'TL 2', qty: 0, low_stock_threshold: 5, target_qty: 12, unit_price: 0 },
  { name: 'Tea, green\r\nloose', sku: '00042', barcode: '007', qty: 1, unit_cost: 1, unit_price: 2.5 },
  { name: '=HYPERLINK("http://evil","click")', sku: '-1+1', qty: 2 },
  { name: "'=already quoted", sku: '@home', barcode: '+44', qty: 4 },
  { name: '  Ünïcödé ßüß 東京 ', sku: "'lead", qty: 9, unit_price: 10 },
  { name: 'Barcode only', barcode: '0099', qty: 6, unit_cost: 0.05 },
]

async function catalogue(shopId: string) {
  const products = await stack.db.query(
    'select id, name, sku, barcode, image_url, qty, low_stock_threshold, target_qty, unit_cost, unit_price, created_at, updated_at from products where shop_id = $1 order by id',
    [shopId],
  )
  const movements = await stack.db.query('select id, product_id, delta from stock_movements where shop_id = $1 order by id', [shopId])
  return { products: products.rows, movements: movements.rows }
}

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  const rival = await ownerWithShop(stack, 'Rival Shop')
  await addProduct(rival, { name: 'Rival secret', sku: 'SECRET' })
  await addProduct(owner, { name: 'Tea, green', sku: 'TEA', qty: 3, unit_price: 1.5, barcode: '501' })
  await addProduct(owner, { name: '=HYPERLINK("http://evil","click")', sku: '-1+1', qty: 0 })
  roundTrip = await ownerWithShop(stack, 'Round Trip')
  for (const product of TRICKY) await addProduct(roundTrip, { ...product, name: product.name.trim() })
})
afterAll(async () => stack?.stop())

describe('GET /app/products/export', () => {
  it("streams the owner's products as a BOM-prefixed RFC 4180 file, formulas neutralised, amounts in minor units", async () => {
    await signInAs(owner)
    const response = await GET()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="shelfsnap-products-\d{4}-\d{2}-\d{2}\.csv"$/)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(csvFields(text)).toEqual([
      ['name', 'sku', 'barcode', 'qty', 'low_stock_threshold', 'target_qty', 'unit_cost', 'unit_price'],
      [`'=HYPERLINK("http://evil","click")`, "'-1+1", '', '0', '0', '', '', ''],
      ['Tea, green', 'TEA', '501', '3', '0', '', '', '1.50'],
    ])
  })

  it('refuses a signed-out visitor', async () => {
    signOutEveryone()
    const response = await GET()
    expect(response.status).toBe(401)
    expect(await response.text()).toBe('Sign in to export your products')
  })
})

describe('export, then import', () => {
  it('changes nothing: the preview shows no change and no problem, and every product field is as it was', async () => {
    await signInAs(roundTrip)
    const before = await catalogue(roundTrip.shopId)
    const response = await GET()
    const file = csvFile(new Uint8Array(await response.arrayBuffer()))
    const shown = await previewProductImport(idle, formData({ file }))
    expect(shown.preview).toMatchObject({ totalRows: TRICKY.length, newCount: 0, changedCount: 0, unchanged: TRICKY.length, rows: [], issues: [] })
    const confirm = await importProducts(idle, formData({ file, token: shown.preview!.token, request_id: randomUUID() }))
    expect(confirm).toEqual({ ok: false, message: 'Nothing to import: no row adds or changes a product' })
    expect(await catalogue(roundTrip.shopId)).toEqual(before)
  })
})
