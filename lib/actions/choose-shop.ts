'use server'

import { revalidatePath } from 'next/cache'
import { redirect } from 'next/navigation'
import { z } from 'zod'
import { MORE_LINKS, TABS } from '@/components/layout/app-links'
import { getShopChoice } from '@/lib/data/shops'
import { rememberShop } from '@/lib/shops/remember-shop'
import { validatedAction } from './validated-action'

const NOT_A_MEMBER_MESSAGE = 'You are not a member of that shop'

const chooseShopSchema = z.object({
  shop_id: z.uuid({ error: NOT_A_MEMBER_MESSAGE }),
  /** the page the switch was made on */
  path: z.string().max(2048).optional(),
})

// The same page for the other shop when it is one of the app's own (a list, the dashboard); a
// product or an order of the first shop is not in the second, so its catalogue instead.
const SAME_PAGE = new Set([...TABS, ...MORE_LINKS].map((link) => link.href))

/** Works in another of the member's shops: checked against their memberships, kept in a cookie every request to the database names. */
export const chooseShop = validatedAction(
  chooseShopSchema,
  async ({ shop_id, path }, { supabase }) => {
    const choice = await getShopChoice(supabase)
    if (!choice?.shops.some((shop) => shop.id === shop_id)) return { ok: false, message: NOT_A_MEMBER_MESSAGE }
    await rememberShop(shop_id)
    revalidatePath('/', 'layout')
    redirect(path && SAME_PAGE.has(path) ? path : '/app/products')
  },
  { requireUser: true, anyShop: true },
)
