import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { LinkProductSupplierInput } from '@/lib/validations/product-supplier'
import { callFailure } from '@/lib/supabase/deadline-fetch'

export interface ProductSupplierLink {
  supplier_id: string
  name: string
  lead_time_days: number
  pack_size: number
  unit_cost: number | null
  preferred: boolean
}

interface LinkRow {
  supplier_id: string
  pack_size: number
  unit_cost: string | number | null
  preferred: boolean
  suppliers: { name: string; lead_time_days: number } | null
}

/** Who supplies the product: the preferred supplier first, then by name. */
export async function listProductSuppliers(supabase: SupabaseClient, productId: string): Promise<ProductSupplierLink[]> {
  const { data, error } = await supabase
    .from('product_suppliers')
    .select('supplier_id, pack_size, unit_cost, preferred, suppliers(name, lead_time_days)')
    .eq('product_id', productId)
    .returns<LinkRow[]>()
  if (error) throw callFailure(error)
  return data
    .map(({ suppliers, unit_cost, ...link }) => ({
      ...link,
      name: suppliers?.name ?? '',
      lead_time_days: suppliers?.lead_time_days ?? 0,
      unit_cost: unit_cost === null ? null : Number(unit_cost),
    }))
    .sort((a, b) => Number(b.preferred) - Number(a.preferred) || a.name.localeCompare(b.name))
}

export type LinkResult = { ok: true } | { ok: false; message: string }

export async function linkProductSupplier(supabase: SupabaseClient, input: LinkProductSupplierInput): Promise<LinkResult> {
  const { error } = await supabase.rpc('link_product_supplier', {
    p_product_id: input.product_id,
    p_supplier_id: input.supplier_id,
    p_pack_size: input.pack_size,
    p_unit_cost: input.unit_cost,
    p_preferred: input.preferred,
  })
  return error ? { ok: false, message: error.message } : { ok: true }
}

export async function unlinkProductSupplier(supabase: SupabaseClient, productId: string, supplierId: string): Promise<LinkResult> {
  const { data, error } = await supabase
    .from('product_suppliers')
    .delete()
    .eq('product_id', productId)
    .eq('supplier_id', supplierId)
    .select('supplier_id')
  if (error) return { ok: false, message: error.message }
  return data.length ? { ok: true } : { ok: false, message: 'Supplier not found' }
}
