import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { MOVEMENT_COLUMNS, PRODUCT_COLUMNS } from '@/lib/csv/day-report'
import { csvFields } from '@/test/support/csv-fields'
import { getDashboardSummary } from '@/lib/data/dashboard'
import { insertMovement, ownerInZone } from '@/test/support/dashboard-test-data'
import type { Stack } from '@/supabase/local/stack'
import { signUpUser } from '@/supabase/local/test/stack-fixture'
import { GET } from './route'

let stack: Stack
let owner: Owner

const shift = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString()

async function download() {
  const response = await GET()
  const bytes = new Uint8Array(await response.arrayBuffer())
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  return { response, bytes, text, records: csvFields(text) }
}

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerInZone(stack, 'Pacific/Auckland', 'Kiwi Corner')
  const rival = await ownerWithShop(stack, 'Rival Shop')
  await addProduct(rival, { name: 'Rival secret', sku: 'SECRET', qty: 9 })

  const tea = await addProduct(owner, { name: 'Tea, "green"', sku: 'TEA', qty: 10, low_stock_threshold: 2 })
  const evil = await addProduct(owner, { name: '=HYPERLINK("http://evil","click")', sku: '-1+1', qty: 0, low_stock_threshold: 1 })
  await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -3, p_reason: 'sold', p_note: '@SUM(A1)\nsecond line' }).throwOnError()
  await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: 5, p_reason: 'received' }).throwOnError()
  await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -1, p_reason: 'damaged' }).throwOnError()
  await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -1, p_reason: 'lost' }).throwOnError()
  await owner.client.rpc('set_stock', { p_product_id: tea, p_qty: 9, p_reason: 'gone', p_source: 'manual' }).throwOnError()
  await owner.client.rpc('adjust_stock', { p_product_id: evil, p_delta: 4, p_reason: 'received' }).throwOnError()
  // Yesterday, in Auckland: in the opening quantity, not in the day's figures. A sale of 2 a day
  // puts the reorder point above the 4 in stock: low on the dashboard, though above its low-stock level of 1.
  const { day } = (await getDashboardSummary(owner.client))!
  await insertMovement(stack, owner, evil, { at: shift(day.start, -60_000), delta: -2, reason: 'sold' })
  // A stocktake's Missing (written as the ledger's row alone: the opening takes it in).
  await insertMovement(stack, owner, evil, { at: new Date().toISOString(), delta: -1, reason: 'lost', source: 'photo_count' })
})
afterAll(async () => stack?.stop())

describe('GET /dashboard/report', () => {
  it("downloads the shop's day as a BOM-prefixed RFC 4180 file named with the shop's date", async () => {
    await signInAs(owner)
    const { day } = (await getDashboardSummary(owner.client))!
    const { response, bytes, text } = await download()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="shelfsnap-day-by-product-${day.date}.csv"`)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text).not.toContain('Rival')
    // Quoted: commas, quotes and line breaks stay inside their field.
    expect(text).toContain('"Tea, ""green"""')
    expect(text).toContain(`"'@SUM(A1)\nsecond line"`)
  })

  it('lists every product with a column for each kind of movement, then the movements', async () => {
    await signInAs(owner)
    const { records } = await download()
    expect(new Set(records.map((fields) => fields.length))).toEqual(new Set([PRODUCT_COLUMNS.length]))
    expect(records[0]!.slice(0, 4)).toEqual(['Daily stock report', 'Kiwi Corner', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 'Pacific/Auckland'])
    expect(records[2]).toEqual([...PRODUCT_COLUMNS])
    // Opening, opening stock of a new product, received, returned, sold, sold or missing, missing, damaged or lost, count corrections, closing, low
    expect(records.slice(3, 6)).toEqual([
      [`'=HYPERLINK("http://evil","click")`, "'-1+1", '1', '0', '4', '0', '0', '0', '1', '0', '0', '4', 'yes'],
      ['Tea, "green"', 'TEA', '0', '10', '5', '0', '3', '1', '0', '2', '0', '9', 'no'],
      ['All products', '', '1', '10', '9', '0', '3', '1', '1', '2', '0', '13', '1 low'],
    ])
    // Each product's columns add up to its closing quantity.
    for (const fields of records.slice(3, 6)) {
      const [opening, opened, received, returned, sold, gone, missing, writtenOff, corrected, closing] = fields.slice(2, 12).map(Number)
      expect(opening! + opened! + received! + returned! - sold! - gone! - missing! - writtenOff! + corrected!).toBe(closing)
    }
    expect(records[6]!.every((field) => field === '')).toBe(true)
    expect(records[7]).toEqual([...MOVEMENT_COLUMNS, '', '', '', '', ''])
    const movements = records.slice(8)
    const { day } = (await getDashboardSummary(owner.client))!
    for (const fields of movements) expect(fields[0]).toMatch(new RegExp(`^${day.date} \\d{2}:\\d{2}:\\d{2}$`))
    expect(movements.map((fields) => fields.slice(1, 8))).toEqual([
      ['Tea, "green"', 'TEA', 'Opening stock', '10', '10', 'By hand', ''],
      ['Tea, "green"', 'TEA', 'Sold', '-3', '7', 'By hand', "'@SUM(A1)\nsecond line"],
      ['Tea, "green"', 'TEA', 'Received', '5', '12', 'By hand', ''],
      ['Tea, "green"', 'TEA', 'Damaged', '-1', '11', 'By hand', ''],
      ['Tea, "green"', 'TEA', 'Lost or stolen', '-1', '10', 'By hand', ''],
      ['Tea, "green"', 'TEA', 'Sold or missing', '-1', '9', 'By hand', ''],
      [`'=HYPERLINK("http://evil","click")`, "'-1+1", 'Received', '4', '4', 'By hand', ''],
      [`'=HYPERLINK("http://evil","click")`, "'-1+1", 'Lost or stolen', '-1', '0', 'Photo count', ''],
    ])
  })

  it('agrees with the dashboard: units sold and sold-or-missing today, the stock, and which products are low', async () => {
    await signInAs(owner)
    const summary = (await getDashboardSummary(owner.client))!
    const { records } = await download()
    const column = (name: (typeof PRODUCT_COLUMNS)[number]) => PRODUCT_COLUMNS.indexOf(name)
    const totals = records.find((fields) => fields[0] === 'All products')!
    expect(Number(totals[column('Sold')])).toBe(summary.today.sold)
    expect(Number(totals[column('Sold or missing (stocktake)')])).toBe(summary.today.gone)
    expect(Number(totals[column('Closing qty')])).toBe(summary.stock.units)
    expect(records.slice(8)).toHaveLength(summary.today.movements)
    const low = records.slice(3, 5).filter((fields) => fields[column('Low stock')] === 'yes')
    expect(low.map((fields) => fields[column('Closing qty')])).toEqual(summary.low_stock.map((item) => String(item.qty)))
    expect(summary.stock.low).toBe(1)
  })

  it('refuses a signed-out visitor and answers 404 to a user without a shop', async () => {
    signOutEveryone()
    const signedOut = await GET()
    expect(signedOut.status).toBe(401)
    await signInAs(await signUpUser(stack))
    expect((await GET()).status).toBe(404)
  })
})
