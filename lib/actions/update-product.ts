'use server'

import { revalidatePath } from 'next/cache'
import { getProduct, updateProduct as saveProduct } from '@/lib/data/products'
import { getShopForUser } from '@/lib/data/shops'
import { updateProductSchema } from '@/lib/validations/product'
import { imageUrlError, NO_SHOP_MESSAGE, writeFailure } from './product-action-results'
import { validatedAction } from './validated-action'

export const updateProduct = validatedAction(
  updateProductSchema,
  async ({ id, ...input }, { supabase }) => {
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    const badImage = await imageUrlError(supabase, input.image_url, shop.id, (await getProduct(supabase, id))?.image_url)
    if (badImage) return badImage
    const result = await saveProduct(supabase, id, input)
    if (!result.ok) return writeFailure(result)
    revalidatePath('/app/products')
    revalidatePath(`/app/products/${id}`)
    return { ok: true, message: id }
  },
  { requireUser: true, allErrors: true },
)
