import 'server-only'
import { revalidateTag, unstable_cache } from 'next/cache'
import type { ShopChoice } from '@/lib/data/shops'
import { createAdminClient } from '@/lib/supabase/admin'
import { callFailure } from '@/lib/supabase/deadline-fetch'

/**
 * How long a page may draw a member's shops and role without asking the database again, when
 * nothing in the app said they changed. Changes made through the app forget it at once
 * (forgetShopChoices); this bounds a change made around the app (SQL, the auth server's admin):
 * the first page after it draws the old answer while asking again in the background.
 */
export const SHOP_CHOICE_SECONDS = 30

const tag = (userId: string) => `shop-choice:${userId}`

export interface ShopChoiceKey {
  userId: string
  /** the session's id and level: the database answers no shop to a session ended elsewhere, and a
   * manager's role depends on the second step where the owner asks for it */
  sessionId: string
  aal: string
  /** the shop cookie: the database marks the current shop by it */
  chosen: string
}

/**
 * For drawing pages only: `load` (public.my_shops()) once per key within SHOP_CHOICE_SECONDS.
 * Actions read the database's answer fresh (getShopForUser), and every table is guarded by its
 * policies, so a stale answer can only draw a link the database then refuses.
 */
export function cachedShopChoice(key: ShopChoiceKey, load: () => Promise<ShopChoice | null>): Promise<ShopChoice | null> {
  return unstable_cache(load, ['shop-choice', key.userId, key.sessionId, key.aal, key.chosen], {
    revalidate: SHOP_CHOICE_SECONDS,
    tags: [tag(key.userId)],
  })()
}

/** After a change to these members' shops, roles, sessions or second step: their next page asks again. */
export function forgetShopChoices(userIds: Iterable<string>): void {
  for (const userId of new Set(userIds)) revalidateTag(tag(userId), { expire: 0 })
}

/**
 * Every member of `shopId`, read with the service role (a manager reads no team): for after a change
 * to the shop itself, which the database has just let the caller make (read before a change that
 * takes members away).
 */
export async function shopMemberIds(shopId: string): Promise<string[]> {
  const { data, error } = await createAdminClient().from('shop_members').select('user_id').eq('shop_id', shopId)
  if (error) throw callFailure(error)
  return data.map((row) => row.user_id as string)
}

/** After a change to the shop itself (its settings): every member's next page asks again. */
export async function forgetShopMembers(shopId: string): Promise<void> {
  forgetShopChoices(await shopMemberIds(shopId))
}
