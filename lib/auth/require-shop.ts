import 'server-only'
import { redirect } from 'next/navigation'
import { getShopForUser, type Shop } from '@/lib/data/shops'
import { BackendUnreachableError, isBackendFailure } from '@/lib/supabase/deadline-fetch'
import { createClient, type ServerSupabase } from '@/lib/supabase/server'
import { getCurrentUser, type CurrentUser } from './current-user'

/** For catalogue pages: the signed-in owner and their shop, or a redirect (to /auth, or to / to create one). */
export async function requireShop(path: string): Promise<{ user: CurrentUser; shop: Shop; supabase: ServerSupabase }> {
  const user = await getCurrentUser()
  if (!user) redirect(`/auth?next=${encodeURIComponent(path)}`)
  const supabase = await createClient()
  const shop = await getShopForUser(supabase, user.id).catch((error: unknown) => {
    throw isBackendFailure(error) ? new BackendUnreachableError(error) : error
  })
  if (!shop) redirect('/')
  return { user, shop, supabase }
}
