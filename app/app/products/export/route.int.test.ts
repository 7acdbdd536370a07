import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { csvFields } from '@/test/support/csv-fields'
import type { Stack } from '@/supabase/local/stack'
import { GET } from './route'

let stack: Stack
let owner: Owner

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack)
  const rival = await ownerWithShop(stack, 'Rival Shop')
  await addProduct(rival, { name: 'Rival secret', sku: 'SECRET' })
  await addProduct(owner, { name: 'Tea, green', sku: 'TEA', qty: 3, unit_price: 1.5, barcode: '501' })
  await addProduct(owner, { name: '=HYPERLINK("http://evil","click")', sku: '-1+1', qty: 0 })
})
afterAll(async () => stack?.stop())

describe('GET /app/products/export', () => {
  it("streams the owner's products as a BOM-prefixed RFC 4180 file with formulas neutralised", async () => {
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
      ['Tea, green', 'TEA', '501', '3', '0', '', '', '1.5'],
    ])
  })

  it('refuses a signed-out visitor', async () => {
    signOutEveryone()
    const response = await GET()
    expect(response.status).toBe(401)
    expect(await response.text()).toBe('Sign in to export your products')
  })
})
