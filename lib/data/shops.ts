import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { CreateShopInput } from '@/lib/validations/shop'
import type { Currency } from '@/lib/shops/currencies'

export interface Shop {
  id: string
  name: string
  currency: Currency
  /** IANA zone: where the shop's days begin and end */
  timezone: string
  /** 0.5–0.999, for the reorder suggestions' safety stock */
  reorder_service_level: number
}

const SHOP_COLUMNS = 'id, name, currency, timezone, reorder_service_level'

/**
 * The shop the user works in, or null: of the shops they are a member of (RLS shows only those),
 * the one they own, else the first; as public.current_shop_id() chooses for the database's own
 * functions. Throws when the lookup itself fails.
 */
export async function getShopForUser(supabase: SupabaseClient, userId: string): Promise<Shop | null> {
  const { data, error } = await supabase
    .from('shops')
    .select(`${SHOP_COLUMNS}, owner_id`)
    .order('id')
    .limit(50)
    .returns<(Shop & { owner_id: string })[]>()
  if (error) throw new Error(error.message)
  const chosen = data.find((shop) => shop.owner_id === userId) ?? data[0]
  if (!chosen) return null
  const { owner_id: _owner, ...shop } = chosen
  return shop
}

/** Spec: a failing shop check is logged and treated as "no shop". */
export async function findShopForUser(supabase: SupabaseClient, userId: string): Promise<Shop | null> {
  try {
    return await getShopForUser(supabase, userId)
  } catch (error) {
    console.error('Error checking shop:', error)
    return null
  }
}

export type CreateShopResult = { ok: true; shop: Shop } | { ok: false; message: string }

export async function createShop(
  supabase: SupabaseClient,
  ownerId: string,
  input: CreateShopInput,
): Promise<CreateShopResult> {
  const { data, error } = await supabase
    .from('shops')
    .insert({ owner_id: ownerId, name: input.name, currency: input.currency, timezone: input.timezone })
    .select(SHOP_COLUMNS)
    .single<Shop>()
  if (error) {
    if (error.code === '23505') return { ok: false, message: 'You already have a shop.' }
    return { ok: false, message: error.message }
  }
  return { ok: true, shop: data }
}

export async function setReorderServiceLevel(supabase: SupabaseClient, shopId: string, level: number): Promise<boolean> {
  const { data, error } = await supabase.from('shops').update({ reorder_service_level: level }).eq('id', shopId).select('id')
  if (error) throw new Error(error.message)
  return data.length === 1
}
