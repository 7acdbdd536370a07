import 'server-only'
import { redirect } from 'next/navigation'
import type { Shop } from '@/lib/data/shops'
import { createClient, type ServerSupabase } from '@/lib/supabase/server'
import { getCurrentShop } from './current-shop'
import { getCurrentUser, type CurrentUser } from './current-user'
import { noShopTarget } from './no-shop'

/**
 * For the app's pages: the signed-in member, their client and the shop they work in (with their
 * role there), or a redirect (to /auth, or to / to create a shop when they belong to none, or
 * where noShopTarget() sends a session the database no longer answers). A
 * backend that cannot be asked is an outage, not "no shop".
 */
export async function requireShop(path: string): Promise<{ user: CurrentUser; shop: Shop; supabase: ServerSupabase }> {
  const user = await getCurrentUser()
  if (!user) redirect(`/auth?next=${encodeURIComponent(path)}`)
  const choice = await getCurrentShop()
  if (!choice) redirect(await noShopTarget(user, path))
  return { user, shop: choice.shop, supabase: await createClient() }
}
