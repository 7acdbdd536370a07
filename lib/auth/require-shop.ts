import 'server-only'
import { redirect } from 'next/navigation'
import { getShopForUser, type Shop } from '@/lib/data/shops'
import { BackendUnreachableError, isBackendFailure } from '@/lib/supabase/deadline-fetch'
import { createClient, type ServerSupabase } from '@/lib/supabase/server'
import { getCurrentUser, type CurrentUser } from './current-user'

/**
 * For pages whose one read answers null when the owner has no shop: the signed-in owner, their
 * client and what `read` answered, or a redirect (to /auth, or to / to create a shop). A backend
 * that cannot be asked is an outage, not "no shop".
 */
export async function requireShopRead<T>(
  path: string,
  read: (supabase: ServerSupabase, user: CurrentUser) => Promise<T | null>,
): Promise<{ user: CurrentUser; supabase: ServerSupabase; data: T }> {
  const user = await getCurrentUser()
  if (!user) redirect(`/auth?next=${encodeURIComponent(path)}`)
  const supabase = await createClient()
  const data = await read(supabase, user).catch((error: unknown) => {
    throw isBackendFailure(error) ? new BackendUnreachableError(error) : error
  })
  if (data === null) redirect('/')
  return { user, supabase, data }
}

/** For catalogue pages: the signed-in owner and their shop, or a redirect (to /auth, or to / to create one). */
export async function requireShop(path: string): Promise<{ user: CurrentUser; shop: Shop; supabase: ServerSupabase }> {
  const { user, supabase, data: shop } = await requireShopRead(path, (supabase, user) => getShopForUser(supabase, user.id))
  return { user, shop, supabase }
}
