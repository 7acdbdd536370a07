import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, revalidatePath, signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { listSuppliers } from '@/lib/data/suppliers'
import type { Stack } from '@/supabase/local/stack'
import { createSupplier, deleteSupplier, updateSupplier } from './supplier-actions'

let stack: Stack
let owner: Owner
let rival: Owner
let rivalSupplier: string

const suppliers = async () =>
  (await stack.db.query('select shop_id, name, email, phone, lead_time_days, notes from suppliers order by name')).rows

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'Corner Shop')
  rival = await ownerWithShop(stack, 'Rival Shop')
  const { data } = await rival.client.from('suppliers').insert({ shop_id: rival.shopId, name: 'Rival Wholesale' }).select('id').single().throwOnError()
  rivalSupplier = data.id as string
})
afterAll(async () => stack?.stop())
beforeEach(async () => {
  revalidatePath.mockClear()
  await signInAs(owner)
})

describe('supplier actions', () => {
  it('adds a supplier to the owner shop as typed, ignoring a shop_id smuggled into the form', async () => {
    const state = await createSupplier(
      idle,
      formData({ name: ' Dairy Direct ', email: 'orders@dairy.example', phone: '+44 20 7946 0958', lead_time_days: '3', notes: 'Order by Tuesday', shop_id: rival.shopId }),
    )
    expect(state).toMatchObject({ ok: true })
    expect((await suppliers()).find((s) => s.name === 'Dairy Direct')).toEqual({
      shop_id: owner.shopId, name: 'Dairy Direct', email: 'orders@dairy.example', phone: '+44 20 7946 0958', lead_time_days: 3, notes: 'Order by Tuesday',
    })
    expect(revalidatePath).toHaveBeenCalledWith('/app/suppliers')
  })

  it('lists the shop suppliers with how many products each supplies, and no one else’s', async () => {
    const { data } = await owner.client.from('suppliers').select('id').eq('name', 'Dairy Direct').single().throwOnError()
    const product = await addProduct(owner, { name: 'Milk', sku: 'SUP-MILK' })
    await owner.client.from('product_suppliers').insert({ product_id: product, supplier_id: data.id, shop_id: owner.shopId, pack_size: 12 }).throwOnError()
    expect((await listSuppliers(owner.client, owner.shopId)).map(({ name, products }) => ({ name, products }))).toEqual([{ name: 'Dairy Direct', products: 1 }])
  })

  it('refuses bad input with a message per field and writes nothing', async () => {
    const before = await suppliers()
    const state = await createSupplier(idle, formData({ name: ' ', email: 'not-an-email', phone: 'call me', lead_time_days: '-2' }))
    expect(state).toEqual({
      ok: false,
      message: 'Supplier name is required',
      fieldErrors: {
        name: ['Supplier name is required'],
        email: ['Please enter a valid email address'],
        phone: ['Please enter a phone number, like +44 20 7946 0958'],
        lead_time_days: ['Lead time must be a whole number 0 or more'],
      },
    })
    const duplicate = await createSupplier(idle, formData({ name: 'DAIRY DIRECT' }))
    expect(duplicate).toEqual({ ok: false, message: 'You already have a supplier with this name', fieldErrors: { name: ['You already have a supplier with this name'] } })
    expect(await suppliers()).toEqual(before)
  })

  it("edits and deletes only the owner's suppliers", async () => {
    const before = await suppliers()
    expect(await updateSupplier(idle, formData({ id: rivalSupplier, name: 'Hijacked' }))).toEqual({ ok: false, message: 'Supplier not found' })
    expect(await deleteSupplier(idle, formData({ id: rivalSupplier }))).toEqual({ ok: false, message: 'Supplier not found' })
    expect(await suppliers()).toEqual(before)
    expect(await createSupplier(idle, formData({ name: 'Bakery Bros' }))).toEqual({ ok: true, message: 'Bakery Bros' })
    const { rows } = await stack.db.query<{ id: string }>(`select id from suppliers where name = 'Bakery Bros'`)
    const id = rows[0]!.id
    expect(await updateSupplier(idle, formData({ id, name: 'Bakery Brothers', lead_time_days: '1' }))).toEqual({ ok: true, message: 'Bakery Brothers' })
    expect((await suppliers()).find((s) => s.name === 'Bakery Brothers')).toMatchObject({ lead_time_days: 1, email: null })
    expect(await deleteSupplier(idle, formData({ id }))).toEqual({ ok: true, message: 'Bakery Brothers' })
    expect((await suppliers()).some((s) => s.name === 'Bakery Brothers')).toBe(false)
  })

  it('keeps a supplier that has purchase orders', async () => {
    const { data } = await owner.client.from('suppliers').select('id').eq('name', 'Dairy Direct').single().throwOnError()
    const product = await addProduct(owner, { name: 'Cream', sku: 'SUP-CREAM' })
    await owner.client.rpc('create_purchase_order', { p_supplier_id: data.id, p_lines: [{ product_id: product, packs: 1 }] }).throwOnError()
    expect(await deleteSupplier(idle, formData({ id: data.id as string }))).toEqual({ ok: false, message: 'This supplier has purchase orders, so it stays on file' })
  })

  it('asks a signed-out visitor to sign in', async () => {
    signOutEveryone()
    expect(await createSupplier(idle, formData({ name: 'Nobody Ltd' }))).toEqual({ ok: false, message: 'No user found' })
  })
})
