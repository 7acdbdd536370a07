import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { getStocktake, type Stocktake, type StocktakeStatus } from '@/lib/data/stocktakes'

export const NOT_FOUND = 'This stocktake does not exist. Start again from Upload Photos.'

/** The caller's stocktake in one of `statuses`, or the message to show instead. */
export async function openStocktake(
  supabase: SupabaseClient,
  id: string,
  statuses: readonly StocktakeStatus[],
  wrongStatus: string,
): Promise<{ ok: true; session: Stocktake } | { ok: false; message: string }> {
  const session = await getStocktake(supabase, id)
  if (!session) return { ok: false, message: NOT_FOUND }
  if (!statuses.includes(session.status)) return { ok: false, message: wrongStatus }
  return { ok: true, session }
}
