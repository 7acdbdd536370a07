import 'server-only'
import { cache } from 'react'
import { getCurrentShop } from '@/lib/auth/current-shop'
import { getProduct } from '@/lib/data/products'
import { runsShop } from '@/lib/shops/roles'
import { createClient } from '@/lib/supabase/server'
import { productIdSchema } from '@/lib/validations/product'

/** The product with its cost or without, once per request for the layout and the page (null: not the shop's). */
export const loadProduct = cache(async (id: string, cost: boolean) =>
  productIdSchema.safeParse(id).success ? getProduct(await createClient(), id, { cost }) : null,
)

/** The product as the member's role sees it: undefined when signed out or without a shop (the page sends them on), null when not the shop's. */
export async function memberProduct(id: string) {
  const choice = await getCurrentShop()
  return choice ? loadProduct(id, runsShop(choice.shop.role)) : undefined
}
