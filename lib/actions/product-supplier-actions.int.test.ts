import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, revalidatePath, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { listProductSuppliers } from '@/lib/data/product-suppliers'
import type { Stack } from '@/supabase/local/stack'
import { linkProductSupplier, unlinkProductSupplier } from './product-supplier-actions'

let stack: Stack
let owner: Owner
let rival: Owner
let product: string
let dairy: string
let farm: string
let rivalSupplier: string
let rivalProduct: string

async function supplier(who: Owner, name: string): Promise<string> {
  const { data } = await who.client.from('suppliers').insert({ shop_id: who.shopId, name, lead_time_days: 4 }).select('id').single().throwOnError()
  return data.id as string
}

const links = async () =>
  (await stack.db.query('select supplier_id, pack_size, unit_cost::text, preferred from product_suppliers where product_id = $1 order by supplier_id', [product])).rows

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'Corner Shop')
  rival = await ownerWithShop(stack, 'Rival Shop')
  product = await addProduct(owner, { name: 'Milk', sku: 'LINK-MILK' })
  dairy = await supplier(owner, 'Dairy Direct')
  farm = await supplier(owner, 'Farm Fresh')
  rivalSupplier = await supplier(rival, 'Rival Wholesale')
  rivalProduct = await addProduct(rival, { name: 'Rival Milk', sku: 'RIVAL-MILK' })
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  revalidatePath.mockClear()
  await signInAs(owner)
})

describe('linking products to suppliers', () => {
  it('stores the pack size and cost as typed, and makes the first supplier the preferred one', async () => {
    expect(await linkProductSupplier(idle, formData({ product_id: product, supplier_id: dairy, pack_size: '12', unit_cost: '0,35' }))).toEqual({ ok: true })
    expect(await links()).toEqual([{ supplier_id: dairy, pack_size: 12, unit_cost: '0.35', preferred: true }])
    expect(revalidatePath).toHaveBeenCalledWith(`/app/products/${product}`)
  })

  it('moves "preferred" to the supplier marked so, and keeps one preferred at most', async () => {
    await linkProductSupplier(idle, formData({ product_id: product, supplier_id: farm, pack_size: '', unit_cost: '' }))
    expect((await links()).filter((l) => l.preferred).map((l) => l.supplier_id)).toEqual([dairy])
    await linkProductSupplier(idle, formData({ product_id: product, supplier_id: farm, pack_size: '6', unit_cost: '0.30', preferred: 'on' }))
    const now = await links()
    expect(now.filter((l) => l.preferred).map((l) => l.supplier_id)).toEqual([farm])
    expect(now.find((l) => l.supplier_id === farm)).toEqual({ supplier_id: farm, pack_size: 6, unit_cost: '0.30', preferred: true })
    expect((await listProductSuppliers(owner.client, product)).map(({ name, preferred, lead_time_days }) => ({ name, preferred, lead_time_days }))).toEqual([
      { name: 'Farm Fresh', preferred: true, lead_time_days: 4 },
      { name: 'Dairy Direct', preferred: false, lead_time_days: 4 },
    ])
  })

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await links()
    const cases: [Record<string, string>, string][] = [
      [{ product_id: product, supplier_id: dairy, pack_size: '0' }, 'Pack size must be a whole number from 1 to 10,000'],
      [{ product_id: product, supplier_id: dairy, pack_size: 'abc' }, 'Pack size must be a whole number from 1 to 10,000'],
      [{ product_id: product, supplier_id: dairy, pack_size: '-4' }, 'Pack size must be a whole number from 1 to 10,000'],
      [{ product_id: product, supplier_id: dairy, unit_cost: '-1' }, 'Cost must be an amount of 0 or more, like 2.50'],
      [{ product_id: product, supplier_id: '' }, 'Pick a supplier'],
      [{ product_id: product, supplier_id: rivalSupplier }, 'Supplier not found'],
      [{ product_id: rivalProduct, supplier_id: dairy }, 'Product not found'],
    ]
    for (const [fields, message] of cases) expect((await linkProductSupplier(idle, formData(fields))).message).toBe(message)
    expect(await unlinkProductSupplier(idle, formData({ product_id: rivalProduct, supplier_id: rivalSupplier }))).toEqual({ ok: false, message: 'Supplier not found' })
    expect(await links()).toEqual(before)
  })

  it('unlinks a supplier', async () => {
    expect(await unlinkProductSupplier(idle, formData({ product_id: product, supplier_id: dairy }))).toEqual({ ok: true })
    expect((await links()).map((l) => l.supplier_id)).toEqual([farm])
  })
})
