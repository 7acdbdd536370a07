import 'server-only'
import { supabaseEnv } from '@/lib/supabase/env'
import { isShopImageUrl } from '@/lib/products/product-image'
import type { ProductWriteResult } from '@/lib/data/products'
import type { ActionState } from './action-state'

export const NO_SHOP_MESSAGE = 'Create your shop first'

export function fieldError(field: string, message: string): ActionState {
  return { ok: false, message, fieldErrors: { [field]: [message] } }
}

/** The photo must be one this app uploaded into the owner's own shop folder. */
export function imageUrlError(imageUrl: string | null, shopId: string): ActionState | null {
  if (imageUrl === null || isShopImageUrl(imageUrl, supabaseEnv().url, shopId)) return null
  return fieldError('image_url', 'The photo must be uploaded from this page')
}

export function writeFailure(result: Extract<ProductWriteResult, { ok: false }>): ActionState {
  return result.field ? fieldError(result.field, result.message) : { ok: false, message: result.message }
}
