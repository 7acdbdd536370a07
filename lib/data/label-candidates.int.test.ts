// listLabelCandidates against a real stack: which products get a QR label, which need a SKU first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import type { Stack } from '@/supabase/local/stack'
import { startTestStack } from '@/supabase/local/test/stack-fixture'
import { listLabelCandidates } from './products'

let stack: Stack
let owner: Owner

beforeAll(async () => {
  stack = await startTestStack()
  owner = await ownerWithShop(stack, 'Label Shop')
  await addProduct(owner, { name: 'Cola', sku: 'COLA' })
  await addProduct(owner, { name: 'Apples', sku: 'APL' })
  await addProduct(owner, { name: 'Bread', sku: 'BRD' })
  await addProduct(owner, { name: 'Crisps', sku: 'CRS', barcode: '5000000000017' })
  await addProduct(owner, { name: 'Eggs', barcode: '5000000000024' })
  await addProduct(owner, { name: 'Zest' })
  await addProduct(owner, { name: 'Dates' })
  const other = await ownerWithShop(stack, 'Other Shop')
  await addProduct(other, { name: 'Aardvark Feed', sku: 'AAR' })
})
afterAll(async () => stack?.stop())

describe('listLabelCandidates', () => {
  it('sorts the shop products: labels for SKU-only ones, a list of those without SKU, a count of barcoded ones', async () => {
    const found = await listLabelCandidates(owner.client, owner.shopId, { from: 0, to: 99, needSkuLimit: 10 })
    expect(found.printable.map(({ name, sku }) => [name, sku])).toEqual([
      ['Apples', 'APL'],
      ['Bread', 'BRD'],
      ['Cola', 'COLA'],
    ])
    expect(found.printableTotal).toBe(3)
    expect(found.from).toBe(0)
    expect(found.needSku.map(({ name }) => name)).toEqual(['Dates', 'Zest'])
    expect(found.needSkuTotal).toBe(2)
    expect(found.withBarcode).toBe(2)
  })

  it('pages the labels and caps the no-SKU list, keeping the totals', async () => {
    const found = await listLabelCandidates(owner.client, owner.shopId, { from: 1, to: 1, needSkuLimit: 1 })
    expect(found.printable.map(({ sku }) => sku)).toEqual(['BRD'])
    expect(found.printableTotal).toBe(3)
    expect(found.needSku.map(({ name }) => name)).toEqual(['Dates'])
    expect(found.needSkuTotal).toBe(2)
  })

  it('starts again from the first label when asked for a set past the end', async () => {
    const found = await listLabelCandidates(owner.client, owner.shopId, { from: 10, to: 11, needSkuLimit: 1 })
    expect(found.from).toBe(0)
    expect(found.printable.map(({ sku }) => sku)).toEqual(['APL', 'BRD'])
  })
})
