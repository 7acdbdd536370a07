'use server'

import { revalidatePath } from 'next/cache'
import { insertProduct } from '@/lib/data/products'
import { getShopForUser } from '@/lib/data/shops'
import { createProductSchema } from '@/lib/validations/product'
import { imageUrlError, NO_SHOP_MESSAGE, writeFailure } from './product-action-results'
import { validatedAction } from './validated-action'

export const createProduct = validatedAction(
  createProductSchema,
  async (input, { supabase }) => {
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    const badImage = await imageUrlError(supabase, input.image_url, shop.id)
    if (badImage) return badImage
    const result = await insertProduct(supabase, shop.id, input)
    if (!result.ok) return writeFailure(result)
    revalidatePath('/app/products')
    return { ok: true, message: result.id }
  },
  { requireUser: true, allErrors: true },
)
