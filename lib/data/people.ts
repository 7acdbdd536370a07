import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { callFailure } from '@/lib/supabase/deadline-fetch'

/** The names of everyone who has worked in the shop (members past and present), by user id. */
export async function getShopPeople(supabase: SupabaseClient, shopId: string): Promise<Record<string, string>> {
  const { data, error } = await supabase.from('shop_people').select('user_id, name').eq('shop_id', shopId).limit(1000)
  if (error) throw callFailure(error)
  return Object.fromEntries(data.map((person) => [person.user_id as string, person.name as string]))
}
