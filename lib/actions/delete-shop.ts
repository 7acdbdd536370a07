'use server'

import { cookies } from 'next/headers'
import { revalidatePath } from 'next/cache'
import { forgetShopChoices, shopMemberIds } from '@/lib/auth/shop-choice-cache'
import { deleteShop as removeShop, getShopForUser, listShopFiles } from '@/lib/data/shops'
import { ownsShop } from '@/lib/shops/roles'
import { SHOP_COOKIE } from '@/lib/shops/shop-choice'
import { createAdminClient } from '@/lib/supabase/admin'
import { deleteShopSchema } from '@/lib/validations/shop'
import type { ActionState } from './action-state'
import { NO_SHOP_MESSAGE } from './product-action-results'
import { validatedAction } from './validated-action'

const OWNER_ONLY_MESSAGE = 'Only the owner can delete the shop'
const REMOVE_BATCH = 100

/** Settings → Delete shop: the owner types its name; the shop, everything in it and its files go. */
export const deleteShop = validatedAction(
  deleteShopSchema,
  async ({ name }, { supabase }): Promise<ActionState> => {
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    if (!ownsShop(shop.role)) return { ok: false, message: OWNER_ONLY_MESSAGE }
    if (name !== shop.name) {
      const message = `Type ${shop.name} exactly to delete the shop`
      return { ok: false, message, fieldErrors: { name: [message] } }
    }
    // The names first: once the shop is gone, nothing says which files were its.
    const files = await listShopFiles(supabase)
    // its members' next pages ask again (read while the shop is still there to list them)
    const members = await shopMemberIds(shop.id)
    if (!(await removeShop(supabase, shop.id))) return { ok: false, message: OWNER_ONLY_MESSAGE }
    forgetShopChoices(members)
    // Its members no longer read these files; the service role removes what the owner's query listed.
    const storage = createAdminClient().storage
    for (const bucket of new Set(files.map((file) => file.bucket_id))) {
      const names = files.filter((file) => file.bucket_id === bucket).map((file) => file.name)
      for (let i = 0; i < names.length; i += REMOVE_BATCH) {
        const { error } = await storage.from(bucket).remove(names.slice(i, i + REMOVE_BATCH))
        if (error) console.error('Error removing a deleted shop’s files:', error.message)
      }
    }
    ;(await cookies()).delete(SHOP_COOKIE)
    revalidatePath('/', 'layout')
    return { ok: true, message: `${shop.name} is deleted` }
  },
  { requireUser: true },
)
