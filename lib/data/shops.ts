import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { CreateShopInput } from '@/lib/validations/shop'
import type { Currency } from '@/lib/shops/currencies'
import type { Role } from '@/lib/shops/roles'
import { callFailure } from '@/lib/supabase/deadline-fetch'
import { allRows } from './all-rows'

export interface Shop {
  id: string
  name: string
  currency: Currency
  /** IANA zone: where the shop's days begin and end */
  timezone: string
  /** 0.5–0.999, for the reorder suggestions' safety stock */
  reorder_service_level: number
  /** whether staff may confirm a stocktake (the owner's choice) */
  staff_can_confirm: boolean
  /** the caller's role in it */
  role: Role
}

/** A shop the caller belongs to, for the switcher. */
export interface MemberShop {
  id: string
  name: string
  role: Role
}

export interface ShopChoice {
  /** the shop the caller works in now */
  shop: Shop
  /** every shop they belong to, by name */
  shops: MemberShop[]
}

const SHOP_COLUMNS = 'id, name, currency, timezone, reorder_service_level, staff_can_confirm'

/**
 * The shops the user belongs to and the one they work in, or null when they belong to none:
 * public.my_shops() marks it as the database chooses for its own functions (the shop this
 * client's x-shop-id names, else the one they own, else the first). Throws when the lookup fails.
 */
export async function getShopChoice(supabase: SupabaseClient): Promise<ShopChoice | null> {
  const { data, error } = await supabase.rpc('my_shops')
  // PGRST303: the token's session is over (signed out on another device): it reads no shop, and
  // the pages send it to sign in again (noShopTarget)
  if (error?.code === 'PGRST303') return null
  if (error) throw callFailure(error)
  const rows = (data ?? []) as (Shop & { current: boolean })[]
  const current = rows.find((shop) => shop.current)
  if (!current) return null
  const { current: _current, ...shop } = current
  return { shop: { ...shop, reorder_service_level: Number(shop.reorder_service_level) }, shops: rows.map(({ id, name, role }) => ({ id, name, role })) }
}

/** The shop the user works in, with their role there, or null. Throws when the lookup itself fails. */
export async function getShopForUser(supabase: SupabaseClient): Promise<Shop | null> {
  return (await getShopChoice(supabase))?.shop ?? null
}

/** Spec: a failing shop check is logged and treated as "no shop". */
export async function findShopForUser(supabase: SupabaseClient): Promise<Shop | null> {
  try {
    return await getShopForUser(supabase)
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
    .single<Omit<Shop, 'role'>>()
  if (error) return { ok: false, message: error.message }
  return { ok: true, shop: { ...data, role: 'owner' } }
}

/** Whether staff may confirm stocktakes; the database lets only the owner change it. */
export async function setStaffCanConfirm(supabase: SupabaseClient, shopId: string, allowed: boolean): Promise<boolean> {
  const { data, error } = await supabase.from('shops').update({ staff_can_confirm: allowed }).eq('id', shopId).select('id')
  if (error) throw callFailure(error)
  return data.length === 1
}

export async function setReorderServiceLevel(supabase: SupabaseClient, shopId: string, level: number): Promise<boolean> {
  const { data, error } = await supabase.from('shops').update({ reorder_service_level: level }).eq('id', shopId).select('id')
  if (error) throw callFailure(error)
  return data.length === 1
}

export interface ShopFile {
  bucket_id: string
  name: string
}

/** The files of the shop the caller owns (stock photos, product images); none for anyone else. */
export async function listShopFiles(supabase: SupabaseClient): Promise<ShopFile[]> {
  return allRows<ShopFile>((from, to) => supabase.rpc('shop_files').order('bucket_id').order('name').range(from, to))
}

/** Deletes the shop and, by its foreign keys, everything in it; false when the caller is not its owner. */
export async function deleteShop(supabase: SupabaseClient, shopId: string): Promise<boolean> {
  const { data, error } = await supabase.from('shops').delete().eq('id', shopId).select('id')
  if (error) throw callFailure(error)
  return data.length === 1
}

/** A shop's time zone (any member reads it), for showing its times; null when the shop is not the caller's. */
export async function shopTimeZone(supabase: SupabaseClient, shopId: string): Promise<string | null> {
  const { data, error } = await supabase.from('shops').select('timezone').eq('id', shopId).maybeSingle<{ timezone: string }>()
  if (error) throw callFailure(error)
  return data?.timezone ?? null
}
