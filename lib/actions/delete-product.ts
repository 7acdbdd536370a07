'use server'

import { revalidatePath } from 'next/cache'
import { deleteProduct as removeProduct } from '@/lib/data/products'
import { getShopForUser } from '@/lib/data/shops'
import { PRODUCT_IMAGES_BUCKET, shopImagePath } from '@/lib/products/product-image'
import { supabaseEnv } from '@/lib/supabase/env'
import { deleteProductSchema } from '@/lib/validations/product'
import { validatedAction } from './validated-action'

export const deleteProduct = validatedAction(
  deleteProductSchema,
  async ({ id }, { supabase }) => {
    const deleted = await removeProduct(supabase, id)
    if (!deleted) return { ok: false, message: 'Product not found' }
    const shop = await getShopForUser(supabase)
    const photo = shop && deleted.image_url ? shopImagePath(deleted.image_url, supabaseEnv().url, shop.id) : null
    // The product is gone either way; a photo left behind only costs storage.
    if (photo) await supabase.storage.from(PRODUCT_IMAGES_BUCKET).remove([photo])
    revalidatePath('/app/products')
    return { ok: true }
  },
  { requireUser: true },
)
