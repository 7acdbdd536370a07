import 'server-only'
import { cache } from 'react'
import { getProduct } from '@/lib/data/products'
import { createClient } from '@/lib/supabase/server'
import { productIdSchema } from '@/lib/validations/product'

/** The product with its cost or without, once per request for the layout and the page (null: not the shop's). */
export const loadProduct = cache(async (id: string, cost: boolean) =>
  productIdSchema.safeParse(id).success ? getProduct(await createClient(), id, { cost }) : null,
)
