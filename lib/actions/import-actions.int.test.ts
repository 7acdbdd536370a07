import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, snapshot, type Owner } from '@/test/support/catalogue-test-data'
import { csvFile, importShown, storedAsShown } from '@/test/support/import-test-kit'
import { describeIssue } from '@/lib/csv/import-issue'
import { importProducts as importRows } from '@/lib/data/product-import'
import type { Stack } from '@/supabase/local/stack'
import { importProducts } from './import-products'
import { previewProductImport } from './preview-product-import'

let stack: Stack
let owner: Owner

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  const rival = await ownerWithShop(stack, 'Rival Shop')
  await addProduct(rival, { name: 'Rival Tea', sku: 'APL', qty: 10 })
})
afterAll(async () => stack?.stop())
beforeEach(async () => signInAs(owner))

const product = async (sku: string) =>
  (
    await stack.db.query(
      'select name, sku, barcode, qty, low_stock_threshold, target_qty, unit_cost::text, unit_price::text from products where shop_id = $1 and sku = $2',
      [owner.shopId, sku],
    )
  ).rows[0]

describe('previewProductImport and importProducts', () => {
  const file = csvFile(
    '\uFEFFName;SKU;qty;unit_price\r\nApple;APL;10;0,4\r\n"Pear, green";PER;5;\r\nBad;BAD;-2;\r\n"=HYPERLINK(""http://evil"",""x"")";EVIL;1;\r\nPlum;PLM;x;\r\nApple again;APL;1;\r\n',
  )

  it('previews without writing: every problem with its line and column, formulas refused, duplicate SKUs flagged', async () => {
    const before = await snapshot(stack)
    const state = await previewProductImport(idle, formData({ file }))
    expect(state.ok).toBe(true)
    expect(state.preview?.rows).toEqual([
      {
        line: 3, productId: null, name: 'Pear, green', sku: 'PER', kept: [],
        changes: [
          { column: 'name', old: null, new: 'Pear, green' },
          { column: 'sku', old: null, new: 'PER' },
          { column: 'qty', old: null, new: '5' },
        ],
      },
    ])
    expect(state.preview?.issues.map(describeIssue)).toEqual([
      "Line 2, Apple: SKU 'APL' is on more than one line (lines 2, 7)",
      "Line 4, Bad: quantity '-2' is below 0",
      `Line 5, EVIL: name '=HYPERLINK("http://evil","x")' must not start with = + - @ or a tab (it would run as a spreadsheet formula)`,
      "Line 6, Plum: quantity 'x' is not a whole number",
      "Line 7, Apple again: SKU 'APL' is on more than one line (lines 2, 7)",
    ])
    expect(state.preview).toMatchObject({ fileName: 'products.csv', totalRows: 6, newCount: 1, changedCount: 0, unchanged: 0 })
    expect(await snapshot(stack)).toEqual(before)
  })

  it('imports only the valid rows once confirmed, in the ledger as an import', async () => {
    const state = await importShown(file)
    expect(state.result).toEqual({ ok: true, message: '1 new product, 0 products updated, 0 stock counts changed' })
    const { rows } = await stack.db.query(
      `select p.shop_id, p.name, p.qty, m.reason, m.source from products p join stock_movements m on m.product_id = p.id where p.shop_id = $1 and p.sku in ('PER', 'APL', 'EVIL', 'BAD')`,
      [owner.shopId],
    )
    expect(rows).toEqual([{ shop_id: owner.shopId, name: 'Pear, green', qty: 5, reason: 'initial', source: 'import' }])
  })

  it('never clears with a blank cell: blanks are kept, changes stored exactly as previewed', async () => {
    await addProduct(owner, {
      name: 'Oat milk', sku: 'OAT', barcode: '0012345', qty: 7, low_stock_threshold: 2, target_qty: 12, unit_cost: 0.9, unit_price: 1.5,
    })
    const { preview, result } = await importShown(
      csvFile('name,sku,barcode,qty,low_stock_threshold,target_qty,unit_cost,unit_price\n,OAT,,4,,,,1.6\n'),
    )
    expect(preview.rows).toEqual([
      {
        line: 2, productId: expect.any(String), name: 'Oat milk', sku: 'OAT',
        changes: [
          { column: 'qty', old: '7', new: '4' },
          { column: 'unit_price', old: '1.50', new: '1.60' },
        ],
        kept: [
          { column: 'name', value: 'Oat milk' },
          { column: 'barcode', value: '0012345' },
          { column: 'low_stock_threshold', value: '2' },
          { column: 'target_qty', value: '12' },
          { column: 'unit_cost', value: '0.90' },
        ],
      },
    ])
    expect(result).toEqual({ ok: true, message: '0 new products, 1 product updated, 1 stock count changed' })
    expect(await product('OAT')).toEqual({
      name: 'Oat milk', sku: 'OAT', barcode: '0012345', qty: 4, low_stock_threshold: 2, target_qty: 12, unit_cost: '0.90', unit_price: '1.60',
    })
    expect(await storedAsShown(stack, owner.shopId, preview)).toEqual([])
    const { rows } = await stack.db.query(
      `select m.delta, m.reason, m.source from stock_movements m join products p on p.id = m.product_id where p.sku = 'OAT' order by m.created_at`,
    )
    expect(rows.at(-1)).toEqual({ delta: -3, reason: 'count_correction', source: 'import' })
  })

  it('refuses a stale preview: the catalogue changed between preview and confirm, nothing is written, the new preview is sent', async () => {
    await addProduct(owner, { name: 'Rye bread', sku: 'RYE', qty: 3, unit_price: 2 })
    const file = csvFile('name,sku,qty,unit_price\nRye bread,RYE,6,2.20\nScone,SCN,4,1\n')
    const shown = await previewProductImport(idle, formData({ file }))
    await stack.db.query(`update products set unit_price = 2.10 where shop_id = $1 and sku = 'RYE'`, [owner.shopId])
    const before = await snapshot(stack)
    const state = await importProducts(idle, formData({ file, token: shown.preview!.token, request_id: randomUUID() }))
    expect(state.ok).toBe(false)
    expect(state.message).toBe('The catalogue changed since the preview: check the new preview, then import again')
    expect(state.preview?.rows[0]?.changes).toContainEqual({ column: 'unit_price', old: '2.10', new: '2.20' })
    expect(state.preview?.token).not.toBe(shown.preview!.token)
    expect(await snapshot(stack)).toEqual(before)
  })

  it('reports nothing to import when the file matches the catalogue', async () => {
    const { preview, result } = await importShown(csvFile('name,sku,qty\nRye bread,RYE,3\n'))
    expect(preview).toMatchObject({ newCount: 0, changedCount: 0, unchanged: 1, rows: [], issues: [] })
    expect(result).toEqual({ ok: false, message: 'Nothing to import: no row adds or changes a product' })
  })

  it.each([
    ['no file', {}, 'Choose a CSV file'],
    ['an empty file', { file: csvFile('') }, 'This file is empty: choose a CSV file with a header row and a line for each product'],
    ['a file over 1 MB', { file: csvFile('x'.repeat(1_000_001)) }, 'The file is larger than 1 MB: split it into smaller files'],
    ['a text field instead of a file', { file: 'name,sku\nTea,T1' }, 'Choose a CSV file'],
    ['a file without a sku column', { file: csvFile('name,qty\nTea,1\n') }, 'The first line must name the columns, including sku'],
    ['a broken quote', { file: csvFile('name,sku\n"Tea,T1\n') }, 'Line 2: a quoted field is not closed'],
    ['a file that is not UTF-8', { file: csvFile(new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x2c, 0x73, 0x6b, 0x75, 0x0a, 0x43, 0x72, 0xe8, 0x6d, 0x65, 0x2c, 0x43])) }, 'The file is not UTF-8 text: in your spreadsheet, save it as "CSV UTF-8"'],
    [`5001 rows`, { file: csvFile(`name,sku\n${Array.from({ length: 5001 }, (_, i) => `P,S${i}`).join('\n')}`) }, 'The file has 5001 rows; import at most 5000 at a time'],
  ])('refuses %s, in preview and on confirm, and writes nothing', async (_, fields, message) => {
    const before = await snapshot(stack)
    const preview = await previewProductImport(idle, formData(fields as Record<string, string | Blob>))
    expect(preview).toEqual({ ok: false, message, fieldErrors: { file: [message] } })
    const confirm = await importProducts(idle, formData({ ...fields, token: 'a'.repeat(64), request_id: randomUUID() } as Record<string, string | Blob>))
    expect(confirm.ok).toBe(false)
    expect(confirm.message).toBe(message)
    expect(await snapshot(stack)).toEqual(before)
  })

  it('refuses to import a file that was not previewed, and a barcode another product owns', async () => {
    await addProduct(owner, { name: 'Scanner item', sku: 'SCAN', barcode: '123456' })
    const before = await snapshot(stack)
    const unseen = await importProducts(idle, formData({ file: csvFile('name,sku\nTea,TEA\n'), request_id: randomUUID() }))
    expect(unseen).toEqual({ ok: false, message: 'Preview the file before importing it', fieldErrors: { token: ['Preview the file before importing it'] } })
    const preview = await previewProductImport(idle, formData({ file: csvFile('name,sku,barcode\nOther,OTH,123456\n') }))
    expect(preview.preview?.issues).toEqual([
      { line: 2, column: 'barcode', product: 'Other', message: "barcode '123456' already belongs to another product (Scanner item)" },
    ])
    expect(await snapshot(stack)).toEqual(before)
  })
})

describe('codes that differ only in capitals', () => {
  it('updates the product a SKU names whatever its capitals, and never adds a second one', async () => {
    const eggs = await addProduct(owner, { name: 'Eggs', sku: 'EGG-6', qty: 2 })
    const preview = await previewProductImport(idle, formData({ file: csvFile('name,sku,qty\nEggs,egg-6,12\n') }))
    expect(preview.preview).toMatchObject({ newCount: 0, changedCount: 1, issues: [], rows: [{ productId: eggs, sku: 'EGG-6' }] })
    const done = await importProducts(idle, formData({ file: csvFile('name,sku,qty\nEggs,egg-6,12\n'), token: preview.preview!.token, request_id: randomUUID() }))
    expect(done.ok).toBe(true)
    const { rows } = await stack.db.query(`select id, sku, qty from products where shop_id = $1 and lower(sku) = 'egg-6'`, [owner.shopId])
    expect(rows).toEqual([{ id: eggs, sku: 'EGG-6', qty: 12 }])
  })

  it('refuses a new product whose SKU another product has in other capitals (added since the preview), and writes nothing', async () => {
    await addProduct(owner, { name: 'Oat milk', sku: 'OAT-1' })
    const before = await snapshot(stack)
    const result = await importRows(owner.client, [{ sku: 'oat-1', name: 'Oat milk 2', was: null }], randomUUID())
    expect(result).toEqual({ ok: false, message: 'Another product already uses one of these SKUs: nothing was imported' })
    expect(await snapshot(stack)).toEqual(before)
  })
})

describe('import_products() itself', () => {
  it('keeps a value given as null or left out: null never clears', async () => {
    await addProduct(owner, { name: 'Jam', sku: 'JAM', barcode: '0099', qty: 4, target_qty: 8, unit_cost: 1, unit_price: 2.5 })
    await owner.client
      .rpc('import_products', {
        p_rows: [{ sku: 'JAM', name: null, barcode: null, qty: null, target_qty: null, unit_cost: null, unit_price: null }],
        p_request_id: randomUUID(),
      })
      .throwOnError()
    expect(await product('JAM')).toEqual({
      name: 'Jam', sku: 'JAM', barcode: '0099', qty: 4, low_stock_threshold: 0, target_qty: 8, unit_cost: '1.00', unit_price: '2.50',
    })
  })

  it('refuses a product named twice (by SKU, or by id and SKU), and writes nothing', async () => {
    const id = await addProduct(owner, { name: 'Pear', sku: 'PEAR', qty: 4 })
    const before = await snapshot(stack)
    for (const rows of [
      [{ sku: 'TWICE', name: 'One' }, { sku: 'TWICE', name: 'Two' }],
      [{ id, qty: 5 }, { sku: 'PEAR', qty: 6 }],
    ]) {
      const { error } = await owner.client.rpc('import_products', { p_rows: rows, p_request_id: randomUUID() })
      expect(error).toMatchObject({ code: '22023', message: 'A product appears more than once in the import' })
    }
    expect(await snapshot(stack)).toEqual(before)
  })

  it.each([
    ['a product that no longer holds the value the preview showed', (id: string) => ({ id, unit_price: '3', was: { unit_price: '2.40' } })],
    ['a product previewed as new that now exists', () => ({ sku: 'JAM', name: 'Jam', was: null })],
    ['a product that is gone', () => ({ id: randomUUID(), qty: 1, was: { qty: 4 } })],
  ])('refuses %s as stale (40001), and the whole import rolls back', async (_, stale) => {
    const id = (await stack.db.query<{ id: string }>(`select id from products where shop_id = $1 and sku = 'JAM'`, [owner.shopId])).rows[0]!.id
    const before = await snapshot(stack)
    const { error } = await owner.client.rpc('import_products', {
      p_rows: [{ sku: 'FRESH', name: 'Fresh', was: null }, stale(id)],
      p_request_id: randomUUID(),
    })
    expect(error?.code).toBe('40001')
    expect(await snapshot(stack)).toEqual(before)
  })
})

describe('5,000 rows', () => {
  const row = (i: number, price: string) =>
    `"Product ${i}, Crème brûlée, oat & honey, family size 750 g",SKU-${String(i).padStart(5, '0')},0${5_000_000_000 + i},${i % 50},3,20,0.40,${price}`
  const file = (price: string) =>
    csvFile(`name,sku,barcode,qty,low_stock_threshold,target_qty,unit_cost,unit_price\n${Array.from({ length: 5000 }, (_, i) => row(i, price)).join('\n')}\n`, 'big.csv')

  it('imports in one go, then updates all of them in one go, each as previewed', { timeout: 300_000 }, async () => {
    const first = file('1.50')
    console.info(`5,000-row file: ${first.size} bytes`)
    let started = performance.now()
    const created = await importShown(first)
    console.info(`5,000 new products: preview + import in ${Math.round(performance.now() - started)} ms`)
    expect(created.result).toEqual({ ok: true, message: '5000 new products, 0 products updated, 0 stock counts changed' })
    expect(created.preview.newCount).toBe(5000)
    started = performance.now()
    const updated = await importShown(file('1.60'))
    console.info(`5,000 changed products: preview + import in ${Math.round(performance.now() - started)} ms`)
    expect(updated.result).toEqual({ ok: true, message: '0 new products, 5000 products updated, 0 stock counts changed' })
    expect(updated.preview.rows.every((planned) => planned.changes.length === 1 && planned.changes[0]?.new === '1.60')).toBe(true)
    expect(await storedAsShown(stack, owner.shopId, updated.preview)).toEqual([])
    const { rows } = await stack.db.query(`select count(*)::int as n from products where shop_id = $1 and sku like 'SKU-%' and unit_price = 1.60`, [owner.shopId])
    expect(rows[0]).toEqual({ n: 5000 })
  })
})
