import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { removeFolder } from '@/lib/data/stocktake-photos'
import { deleteStocktake, expireStocktake, staleStocktakes, type Stocktake } from '@/lib/data/stocktakes'

/**
 * Closes an unfinished stocktake for good. Its files go first, every object
 * in its folder, recorded or not, so a failure half-way leaves rows that can
 * be closed again rather than files nobody knows about. Then, discarded: its
 * rows go too; expired: it stays in the list, saying why its photos are gone.
 */
export async function closeStocktake(supabase: SupabaseClient, session: Pick<Stocktake, 'id' | 'shop_id'>, how: 'discard' | 'expire'): Promise<boolean> {
  await removeFolder(supabase, session.shop_id, session.id)
  if (how === 'discard') return deleteStocktake(supabase, session.id)
  await expireStocktake(supabase, session.id)
  return true
}

/** Expires the shop's stocktakes left unfinished for 7 days; returns how many. */
export async function expireStaleStocktakes(supabase: SupabaseClient, shopId: string): Promise<number> {
  const stale = await staleStocktakes(supabase, shopId)
  for (const session of stale) await closeStocktake(supabase, session, 'expire')
  return stale.length
}
