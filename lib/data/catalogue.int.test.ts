// The counter list's read: the shop and its whole catalogue in one request,
// through the page's data module and GET /api/products, under RLS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { signUpUser } from '@/supabase/local/test/stack-fixture'
import type { Stack } from '@/supabase/local/stack'
import { GET } from '@/app/api/products/route'
import { createClient } from '@/lib/supabase/server'
import { getCatalogue } from './products'

let stack: Stack
let owner: Owner

beforeAll(async () => {
  stack = await startActionStack()
  owner = await ownerWithShop(stack, 'Counter Shop')
  const rival = await ownerWithShop(stack, 'Rival Shop')
  await addProduct(rival, { name: 'Rival Tea', sku: 'RIVAL' })
  // 1,200 rows: more than PostgREST's max_rows (1,000) in one response.
  const rows = Array.from({ length: 1200 }, (_, i) => ({ shop_id: owner.shopId, name: `Item ${String(i).padStart(4, '0')}`, qty: i % 7 }))
  await owner.client.from('products').insert(rows).throwOnError()
  await addProduct(owner, { name: 'Crème Brûlée', sku: 'DES-1', barcode: '5000111', qty: 0, low_stock_threshold: 2, category: 'Desserts' })
})
afterAll(async () => stack?.stop())

describe('getCatalogue', () => {
  it("reads the owner's shop and every product, by name, as compact rows", async () => {
    await signInAs(owner)
    const catalogue = await getCatalogue(await createClient())
    expect(catalogue?.shop).toEqual({ id: owner.shopId, name: 'Counter Shop' })
    expect(catalogue?.rows).toHaveLength(1201)
    const { rows } = await stack.db.query<{ name: string }>('select name from products where shop_id = $1 order by name, id', [owner.shopId])
    expect(catalogue?.rows.map((row) => row[1])).toEqual(rows.map((row) => row.name))
    const brulee = catalogue?.rows.find((row) => row[1] === 'Crème Brûlée')
    expect(brulee?.slice(1, 7)).toEqual(['Crème Brûlée', 'DES-1', '5000111', 0, 2, 'Desserts'])
    expect(typeof brulee?.[8]).toBe('number')
    expect(JSON.stringify(catalogue)).not.toContain('Rival')
  })

  it('is null for a user without a shop', async () => {
    const user = await signUpUser(stack)
    await signInAs(user)
    expect(await getCatalogue(await createClient())).toBeNull()
  })
})

describe('GET /api/products', () => {
  it('answers the same catalogue as JSON, never cached', async () => {
    await signInAs(owner)
    const response = await GET()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const body = await response.json()
    expect(body).toEqual(await getCatalogue(await createClient()))
  })

  it('answers 401 when signed out and 404 without a shop', async () => {
    signOutEveryone()
    expect((await GET()).status).toBe(401)
    await signInAs(await signUpUser(stack))
    const response = await GET()
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'Create your shop first' })
  })
})
