import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { adjustStock } from './adjust-stock'
import { importProducts } from './import-products'
import { previewProductImport } from './preview-product-import'
import { addProduct, ownerWithShop, snapshot, type Owner } from '@/test/support/catalogue-test-data'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack
let owner: Owner
let rival: Owner
let rivalProduct: string

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  rival = await ownerWithShop(stack, 'Rival Shop')
  rivalProduct = await addProduct(rival, { name: 'Rival Tea', sku: 'RIVAL-1', qty: 10 })
})
afterAll(async () => stack?.stop())
beforeEach(async () => signInAs(owner))

const stockForm = (productId: string, fields: Record<string, string> = {}) =>
  formData({ product_id: productId, mode: 'remove', amount: '1', reason: 'sold', request_id: randomUUID(), ...fields })

async function qty(id: string) {
  const { rows } = await stack.db.query<{ qty: number }>('select qty from products where id = $1', [id])
  return rows[0]?.qty
}

describe('adjustStock', () => {
  it('records a removal, an addition and a count in the ledger, as the owner, by hand', async () => {
    const id = await addProduct(owner, { qty: 5 })
    expect(await adjustStock(idle, stockForm(id, { note: ' dropped ', reason: 'damaged' }))).toEqual({ ok: true, message: 'Stock is now 4' })
    expect((await adjustStock(idle, stockForm(id, { mode: 'add', amount: '10', reason: 'received' }))).message).toBe('Stock is now 14')
    expect((await adjustStock(idle, stockForm(id, { mode: 'count', amount: '9', reason: 'count_correction' }))).message).toBe('Stock is now 9')
    expect((await adjustStock(idle, stockForm(id, { mode: 'count', amount: '9', reason: 'count_correction' }))).message).toBe(
      'The count already matched: nothing changed',
    )
    const { rows } = await stack.db.query(
      `select delta, reason, note, source, created_by from stock_movements where product_id = $1 and reason <> 'initial' order by created_at, delta`,
      [id],
    )
    expect(rows).toEqual([
      { delta: -1, reason: 'damaged', note: 'dropped', source: 'manual', created_by: owner.id },
      { delta: 10, reason: 'received', note: null, source: 'manual', created_by: owner.id },
      { delta: -5, reason: 'count_correction', note: null, source: 'manual', created_by: owner.id },
    ])
  })

  it('applies a retried request once', async () => {
    const id = await addProduct(owner, { qty: 5 })
    const retry = stockForm(id)
    await Promise.all([adjustStock(idle, retry), adjustStock(idle, retry)])
    expect(await qty(id)).toBe(4)
  })

  it('refuses to go below zero and writes nothing', async () => {
    const id = await addProduct(owner, { qty: 2 })
    const before = await snapshot(stack)
    const state = await adjustStock(idle, stockForm(id, { amount: '3' }))
    expect(state).toEqual({ ok: false, message: 'Not enough stock: only 2 in stock', fieldErrors: { amount: ['Not enough stock: only 2 in stock'] } })
    expect(await snapshot(stack)).toEqual(before)
  })

  it.each([
    ["another shop's product", { product_id: 'RIVAL' }, 'Product not found'],
    ['a product id that is not a uuid', { product_id: '1 or 1=1' }, 'Product not found'],
    ['a negative amount', { amount: '-5' }, 'Amount must be a whole number 0 or more'],
    ['a fractional amount', { amount: '1.5' }, 'Amount must be a whole number 0 or more'],
    ['a huge amount', { mode: 'add', amount: '999999999' }, 'Amount must be at most 1,000,000'],
    ['a zero change', { amount: '0' }, 'Amount must be 1 or more'],
    ['the reserved reason initial', { reason: 'initial' }, 'Choose a reason'],
    ['an unknown mode', { mode: 'drop table' }, 'Choose add, remove or set count'],
    ['a 501-character note', { note: 'n'.repeat(501) }, 'Note must be 500 characters or less'],
    ['a bad request id', { request_id: 'same-again' }, 'Invalid request: reload the page and try again'],
  ])('refuses %s and writes nothing', async (_, fields, message) => {
    const id = await addProduct(owner, { qty: 3 })
    const before = await snapshot(stack)
    const given: Record<string, string> = fields
    const input = { ...given, product_id: given.product_id === 'RIVAL' ? rivalProduct : (given.product_id ?? id) }
    const state = await adjustStock(idle, stockForm(id, input))
    expect(state.ok).toBe(false)
    expect(state.message).toBe(message)
    expect(await snapshot(stack)).toEqual(before)
  })
})

const csv = (text: string, name = 'products.csv') => new File([text], name, { type: 'text/csv' })

describe('previewProductImport and importProducts', () => {
  const file = csv(
    '\uFEFFName,SKU,qty,unit_price\r\nApple,APL,10,0.40\r\n"Pear, green",PER,5,\r\nBad,BAD,-2,\r\n"=HYPERLINK(""http://evil"",""x"")",EVIL,1,\r\nPlum,PLM,x,\r\nApple again,APL,1,\r\n',
  )

  it('previews without writing: line-numbered errors, formulas refused, duplicate SKUs flagged', async () => {
    const before = await snapshot(stack)
    const state = await previewProductImport(idle, formData({ file }))
    expect(state.ok).toBe(true)
    expect(state.preview?.sample.map((row) => row.sku)).toEqual(['PER'])
    expect(state.preview?.issues.map((issue) => issue.message)).toEqual([
      'Line 2: sku "APL" is used on more than one line (lines 2, 7)',
      'Line 4: qty must be a whole number 0 or more',
      'Line 5: name must not start with = + - @ or a tab (it would run as a spreadsheet formula)',
      'Line 6: qty must be a whole number 0 or more',
      'Line 7: sku "APL" is used on more than one line (lines 2, 7)',
    ])
    expect(state.preview).toMatchObject({ fileName: 'products.csv', totalRows: 6, validCount: 1, issueCount: 5 })
    expect(await snapshot(stack)).toEqual(before)
  })

  it('imports only the valid rows once confirmed, in the ledger as an import', async () => {
    const state = await importProducts(idle, formData({ file, request_id: randomUUID() }))
    expect(state).toEqual({ ok: true, message: '1 new product, 0 products updated, 0 stock counts changed' })
    const { rows } = await stack.db.query(
      `select p.shop_id, p.name, p.qty, m.reason, m.source from products p join stock_movements m on m.product_id = p.id where p.sku in ('PER', 'APL', 'EVIL', 'BAD')`,
    )
    expect(rows).toEqual([{ shop_id: owner.shopId, name: 'Pear, green', qty: 5, reason: 'initial', source: 'import' }])
  })

  it('updates by SKU and records a changed count as a correction from the import', async () => {
    const state = await importProducts(idle, formData({ file: csv('name,sku,qty\nPear,PER,8\n'), request_id: randomUUID() }))
    expect(state.message).toBe('0 new products, 1 product updated, 1 stock count changed')
    const { rows } = await stack.db.query(
      `select m.delta, m.reason, m.source from stock_movements m join products p on p.id = m.product_id where p.sku = 'PER' order by m.created_at`,
    )
    expect(rows.at(-1)).toEqual({ delta: 3, reason: 'count_correction', source: 'import' })
  })

  it.each([
    ['no file', {}, 'Choose a CSV file'],
    ['an empty file', { file: csv('') }, 'Choose a CSV file'],
    ['a file over 1 MB', { file: csv('x'.repeat(1_000_001)) }, 'The file is larger than 1 MB: split it into smaller files'],
    ['a text field instead of a file', { file: 'name,sku\nTea,T1' }, 'Choose a CSV file'],
    ['a file without a sku column', { file: csv('name,qty\nTea,1\n') }, 'The first line must name the columns, including sku'],
    ['a broken quote', { file: csv('name,sku\n"Tea,T1\n') }, 'Line 2: a quoted field is not closed'],
    [`5001 rows`, { file: csv(`name,sku\n${Array.from({ length: 5001 }, (_, i) => `P,S${i}`).join('\n')}`) }, 'The file has 5001 rows; import at most 5000 at a time'],
  ])('refuses %s, in preview and on confirm, and writes nothing', async (_, fields, message) => {
    const before = await snapshot(stack)
    const preview = await previewProductImport(idle, formData(fields as Record<string, string | Blob>))
    expect(preview).toEqual({ ok: false, message, fieldErrors: { file: [message] } })
    const confirm = await importProducts(idle, formData({ ...fields, request_id: randomUUID() } as Record<string, string | Blob>))
    expect(confirm.ok).toBe(false)
    expect(confirm.message).toBe(message)
    expect(await snapshot(stack)).toEqual(before)
  })

  it('refuses a file in which no row is valid, and a barcode another product owns', async () => {
    await addProduct(owner, { name: 'Scanner item', sku: 'SCAN', barcode: '123456' })
    const before = await snapshot(stack)
    const bad = await importProducts(idle, formData({ file: csv('name,sku\n=cmd,X\n'), request_id: randomUUID() }))
    expect(bad).toEqual({ ok: false, message: 'No row of the file can be imported: fix the lines listed' })
    const preview = await previewProductImport(idle, formData({ file: csv('name,sku,barcode\nOther,OTH,123456\n') }))
    expect(preview.preview?.issues).toEqual([{ line: 2, message: 'Line 2: barcode "123456" already belongs to another product' }])
    expect(await snapshot(stack)).toEqual(before)
  })
})
