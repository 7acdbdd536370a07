import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { getShopForUser } from '@/lib/data/shops'

export const exportNotForRole = (what: string) => new Response(`Only the owner and managers can export ${what}`, { status: 403 })

/**
 * An export whose read failed because this device's session was ended elsewhere (signed out
 * everywhere else, a password reset): 401 in words, not a 500. Null when the session holds.
 */
export async function sessionEnded(supabase: SupabaseClient): Promise<Response | null> {
  const { data, error } = await supabase.auth.getUser()
  return error || !data.user ? new Response('You were signed out on this device. Sign in again to export.', { status: 401 }) : null
}

/** Why an export the database answered with nothing is refused: the member's role, or no shop at all. */
export async function exportRefusal(supabase: SupabaseClient, what: string): Promise<Response> {
  return (await getShopForUser(supabase)) ? exportNotForRole(what) : new Response('Create your shop first', { status: 404 })
}
