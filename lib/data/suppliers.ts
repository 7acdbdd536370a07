import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { SupplierInput } from '@/lib/validations/supplier'
import { callFailure } from '@/lib/supabase/deadline-fetch'
import { allRows } from './all-rows'

export interface Supplier {
  id: string
  name: string
  email: string | null
  phone: string | null
  lead_time_days: number
  notes: string | null
}

export interface SupplierSummary extends Supplier {
  /** products linked to this supplier */
  products: number
}

export type SupplierWriteResult = { ok: true; id: string; name: string } | { ok: false; message: string; field?: keyof SupplierInput }

const COLUMNS = 'id, name, email, phone, lead_time_days, notes'

/** The shop's suppliers by name, with how many products each supplies. */
export async function listSuppliers(supabase: SupabaseClient, shopId: string): Promise<SupplierSummary[]> {
  const [suppliers, links] = await Promise.all([
    allRows((from, to) => supabase.from('suppliers').select(COLUMNS).eq('shop_id', shopId).order('name').order('id').range(from, to).returns<Supplier[]>()),
    allRows((from, to) =>
      supabase.from('product_suppliers').select('supplier_id').eq('shop_id', shopId).order('supplier_id').order('product_id').range(from, to).returns<{ supplier_id: string }[]>(),
    ),
  ])
  const counts = new Map<string, number>()
  for (const { supplier_id } of links) counts.set(supplier_id, (counts.get(supplier_id) ?? 0) + 1)
  return suppliers.map((supplier) => ({ ...supplier, products: counts.get(supplier.id) ?? 0 }))
}

/** The shop's suppliers by name, id and name only: for a picker. */
export async function listSupplierChoices(supabase: SupabaseClient, shopId: string): Promise<Pick<Supplier, 'id' | 'name'>[]> {
  return allRows((from, to) => supabase.from('suppliers').select('id, name').eq('shop_id', shopId).order('name').order('id').range(from, to))
}

export async function getSupplier(supabase: SupabaseClient, id: string): Promise<Supplier | null> {
  const { data, error } = await supabase.from('suppliers').select(COLUMNS).eq('id', id).maybeSingle<Supplier>()
  if (error) throw callFailure(error)
  return data
}

/** How many purchase orders name the supplier: one or more keeps it on file (the database refuses to delete it). */
export async function countSupplierOrders(supabase: SupabaseClient, id: string): Promise<number> {
  const { count, error } = await supabase.from('purchase_orders').select('id', { count: 'exact', head: true }).eq('supplier_id', id)
  if (error) throw callFailure(error)
  return count ?? 0
}

function failure(error: { code?: string; message: string }): SupplierWriteResult {
  // suppliers_shop_name_key: one supplier of a name per shop, in any letter case
  if (error.code === '23505') return { ok: false, message: 'You already have a supplier with this name', field: 'name' }
  return { ok: false, message: error.message }
}

export async function insertSupplier(supabase: SupabaseClient, shopId: string, input: SupplierInput): Promise<SupplierWriteResult> {
  const { data, error } = await supabase.from('suppliers').insert({ ...input, shop_id: shopId }).select('id, name').single<{ id: string; name: string }>()
  return error ? failure(error) : { ok: true, ...data }
}

export async function updateSupplier(supabase: SupabaseClient, id: string, input: SupplierInput): Promise<SupplierWriteResult> {
  const { data, error } = await supabase.from('suppliers').update(input).eq('id', id).select('id, name').maybeSingle<{ id: string; name: string }>()
  if (error) return failure(error)
  return data ? { ok: true, ...data } : { ok: false, message: 'Supplier not found' }
}

/** Removes a supplier and its product links; one with purchase orders stays (their history needs it). */
export async function deleteSupplier(supabase: SupabaseClient, id: string): Promise<SupplierWriteResult> {
  const { data, error } = await supabase.from('suppliers').delete().eq('id', id).select('id, name').maybeSingle<{ id: string; name: string }>()
  if (error?.code === '23503') return { ok: false, message: 'This supplier has purchase orders, so it stays on file' }
  if (error) return failure(error)
  return data ? { ok: true, ...data } : { ok: false, message: 'Supplier not found' }
}
