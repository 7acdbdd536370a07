// The tables each page hears (all in publication supabase_realtime, migration …_live_updates.sql).
// Not a client module: server pages pass these to the client components.

export type LiveTable = 'products' | 'stock_movements' | 'count_sessions' | 'count_photos' | 'count_edits'

/** The counter list: stock by its movements, and products added, removed or changed. */
export const COUNTER_TABLES: readonly LiveTable[] = ['products', 'stock_movements']
/** The dashboard: today's figures, low stock, recent activity and the stocktake under way. */
export const DASHBOARD_TABLES: readonly LiveTable[] = ['products', 'stock_movements', 'count_sessions', 'count_photos']
/** An open stocktake: its photos and their counts, its times and coverage, the counts changed in review. */
export const STOCKTAKE_TABLES: readonly LiveTable[] = ['count_sessions', 'count_photos', 'count_edits']
