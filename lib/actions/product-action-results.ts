import 'server-only'
import { checkImageClaim } from '@/lib/images/check-photo'
import { supabaseEnv } from '@/lib/supabase/env'
import type { ServerSupabase } from '@/lib/supabase/server'
import { isShopImageUrl, PRODUCT_IMAGES_BUCKET, shopImagePath } from '@/lib/products/product-image'
import type { ProductWriteResult } from '@/lib/data/products'
import type { ActionState } from './action-state'

export const NO_SHOP_MESSAGE = 'Create your shop first'
/** What a member whose role cannot do it is told (the database refuses it too). */
export const RUNS_SHOP_MESSAGE = 'Only the owner and managers can do this'
export const OWNER_ONLY_MESSAGE = 'Only the owner can change this'

export function fieldError(field: string, message: string): ActionState {
  return { ok: false, message, fieldErrors: { [field]: [message] } }
}

/**
 * The photo must be one this app uploaded into the owner's own shop folder, and its bytes the image
 * its name claims: the bucket serves it back with the type the uploader declared, so a page saved
 * as `x.webp` must not become a product photo. One that is not is removed. `unchanged`: already checked.
 */
export async function imageUrlError(supabase: ServerSupabase, imageUrl: string | null, shopId: string, unchanged: string | null = null): Promise<ActionState | null> {
  if (imageUrl === null || imageUrl === unchanged) return null
  if (!isShopImageUrl(imageUrl, supabaseEnv().url, shopId)) return fieldError('image_url', 'The photo must be uploaded from this page')
  const path = shopImagePath(imageUrl, supabaseEnv().url, shopId)!
  const bucket = supabase.storage.from(PRODUCT_IMAGES_BUCKET)
  const { data } = await bucket.download(path)
  if (!data) return fieldError('image_url', 'The photo did not arrive. Choose it again.')
  const problem = await checkImageClaim(Buffer.from(await data.arrayBuffer()), path.endsWith('.webp') ? 'webp' : 'jpeg')
  if (!problem) return null
  await bucket.remove([path])
  return fieldError('image_url', problem)
}

export function writeFailure(result: Extract<ProductWriteResult, { ok: false }>): ActionState {
  return result.field ? fieldError(result.field, result.message) : { ok: false, message: result.message }
}
