import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'

export const DEMO_SHOP_FAILED = 'The demo shop could not be set up. Please try again.'

/**
 * The signed-in visitor's demo shop (seed_my_demo_shop: anonymous callers only,
 * idempotent). Returns its id, or the reason it was refused.
 */
export async function seedMyDemoShop(supabase: SupabaseClient): Promise<{ shopId: string } | { error: string }> {
  let result = await supabase.rpc('seed_my_demo_shop')
  // A connection lost on the way (no database error code): seeding is idempotent, so once more is safe.
  if (result.error && !result.error.code) result = await supabase.rpc('seed_my_demo_shop')
  const { data, error } = result
  if (error) {
    // 42501 carries a message written for people; anything else is logged, not shown.
    if (error.code === '42501') return { error: error.message }
    console.error('seed_my_demo_shop failed', error)
    return { error: DEMO_SHOP_FAILED }
  }
  return { shopId: data as string }
}
