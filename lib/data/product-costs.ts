import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { MAX_ROWS } from './all-rows'

// Members read no products.unit_cost: costs come from public.product_costs, which shows the
// owner and managers their shops' (and the service role every shop's), and staff nothing.

/** A product's cost, or null: none set, or not for the caller to see. */
export async function getUnitCost(supabase: SupabaseClient, productId: string): Promise<number | null> {
  const { data } = await supabase.from('product_costs').select('unit_cost').eq('product_id', productId).maybeSingle<{ unit_cost: number | null }>().throwOnError()
  return data?.unit_cost ?? null
}

/** The shop's products that have a cost the caller may see, by product id; a page at a time, in id order. */
export async function listUnitCosts(supabase: SupabaseClient, shopId: string): Promise<Map<string, number>> {
  const costs = new Map<string, number>()
  for (let after = ''; ; ) {
    let query = supabase.from('product_costs').select('product_id, unit_cost').eq('shop_id', shopId).not('unit_cost', 'is', null)
    if (after) query = query.gt('product_id', after)
    const { data } = await query.order('product_id').limit(MAX_ROWS).overrideTypes<{ product_id: string; unit_cost: number }[], { merge: false }>().throwOnError()
    for (const row of data) costs.set(row.product_id, row.unit_cost)
    if (data.length < MAX_ROWS) return costs
    after = data[data.length - 1]!.product_id
  }
}
