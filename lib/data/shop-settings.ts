import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Currency } from '@/lib/validations/shop'

export interface ShopSettings {
  id: string
  currency: Currency
  timezone: string
}

/** What money and dates are shown in; null when the user has no shop. */
export async function getShopSettings(supabase: SupabaseClient, userId: string): Promise<ShopSettings | null> {
  const { data } = await supabase
    .from('shops')
    .select('id, currency, timezone')
    .eq('owner_id', userId)
    .limit(1)
    .maybeSingle<ShopSettings>()
    .throwOnError()
  return data
}
