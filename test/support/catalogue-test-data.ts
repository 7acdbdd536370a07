// Test data for the catalogue action tests: owners with shops, products and photos, made through the API.
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import type { Stack } from '@/supabase/local/stack'
import { signUpUser, type TestUser } from '@/supabase/local/test/stack-fixture'
import { PRODUCT_IMAGES_BUCKET, productImagePath } from '@/lib/products/product-image'

export interface Owner extends TestUser {
  shopId: string
}

export async function ownerWithShop(stack: Stack, name = 'Test Shop'): Promise<Owner> {
  const user = await signUpUser(stack)
  const { data } = await user.client.from('shops').insert({ name }).select('id').single().throwOnError()
  return { ...user, shopId: data.id as string }
}

export async function addProduct(owner: Owner, fields: Record<string, unknown> = {}): Promise<string> {
  const { data } = await owner.client
    .from('products')
    .insert({ shop_id: owner.shopId, name: 'Product', qty: 5, ...fields })
    .select('id')
    .single()
    .throwOnError()
  return data.id as string
}

/** A tiny photo uploaded into the owner's folder (or other bytes under a photo's name); returns its public URL and path. */
export async function uploadPhoto(owner: Owner, bytes?: Buffer) {
  const path = productImagePath(owner.shopId, randomUUID(), 'webp')
  const bucket = owner.client.storage.from(PRODUCT_IMAGES_BUCKET)
  const webp = bytes ?? (await sharp({ create: { width: 4, height: 3, channels: 3, background: '#c7d2fe' } }).webp().toBuffer())
  const { error } = await bucket.upload(path, new Blob([new Uint8Array(webp)], { type: 'image/webp' }))
  if (error) throw error
  return { path, url: bucket.getPublicUrl(path).data.publicUrl }
}

/** Every product and movement row, as superuser: what "nothing was written" is checked against. */
export async function snapshot(stack: Stack) {
  const products = await stack.db.query(
    'select id, shop_id, name, sku, barcode, image_url, qty, low_stock_threshold, target_qty, unit_cost, unit_price from products order by id',
  )
  const movements = await stack.db.query('select id, product_id, delta, reason from stock_movements order by id')
  return { products: products.rows, movements: movements.rows }
}
