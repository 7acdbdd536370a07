import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { getShopForUser } from '@/lib/data/shops'

export const exportNotForRole = (what: string) => new Response(`Only the owner and managers can export ${what}`, { status: 403 })

/** Why an export the database answered with nothing is refused: the member's role, or no shop at all. */
export async function exportRefusal(supabase: SupabaseClient, what: string): Promise<Response> {
  return (await getShopForUser(supabase)) ? exportNotForRole(what) : new Response('Create your shop first', { status: 404 })
}
