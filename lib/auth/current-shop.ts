import 'server-only'
import { cookies } from 'next/headers'
import { cache } from 'react'
import { getShopChoice, type ShopChoice } from '@/lib/data/shops'
import { isShopId, SHOP_COOKIE } from '@/lib/shops/shop-choice'
import { createClient } from '@/lib/supabase/server'
import { getCurrentUser } from './current-user'
import { cachedShopChoice } from './shop-choice-cache'

/**
 * The signed-in member's shops and the one they chose, with their role there; null when signed out
 * or a member of none. Once per request, however many server components ask (the nav bar and the page),
 * and for pages only: the answer is kept for a few seconds (shop-choice-cache.ts). "Could not ask"
 * throws, as getCurrentUser() does.
 */
export const getCurrentShop = cache(async (): Promise<ShopChoice | null> => {
  const user = await getCurrentUser()
  if (!user) return null
  const supabase = await createClient()
  // as the database reads it: anything but a shop id names none, and shares the entry of no cookie
  const cookie = (await cookies()).get(SHOP_COOKIE)?.value
  const chosen = isShopId(cookie) ? cookie.toLowerCase() : ''
  const key = { userId: user.id, sessionId: user.sessionId, aal: user.aal, chosen }
  // "Could not ask" is already an outage: getShopChoice() throws callFailure()
  return cachedShopChoice(key, () => getShopChoice(supabase))
})
