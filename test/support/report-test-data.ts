// Test data for the report tests, written as superuser with explicit times: a
// product's quantity (which only the ledger functions may change) and confirmed
// stocktakes with what they found missing.
import type { Stack } from '@/supabase/local/stack'
import type { Owner } from '@/test/support/catalogue-test-data'

/** Sets products.qty directly, past the guard that keeps it in the ledger functions' hands. */
export async function setQty(stack: Stack, productId: string, qty: number) {
  await stack.db.transaction(async (tx) => {
    await tx.query(`select set_config('shelfsnap.stock_write', 'on', true)`)
    await tx.query('update products set qty = $1 where id = $2', [qty, productId])
  })
}

interface FoundMissing {
  productId: string
  missing?: number
  soldOrMissing?: number
}

/** A confirmed stocktake whose evening photos were taken at endedAt; returns its id. */
export async function insertConfirmedStocktake(stack: Stack, owner: Owner, endedAt: string, lines: FoundMissing[]): Promise<string> {
  const started = new Date(new Date(endedAt).getTime() - 10 * 3600_000).toISOString()
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into count_sessions (shop_id, status, started_at, ended_at, confirmed_at)
     values ($1, 'confirmed', $2, $3, $3) returning id`,
    [owner.shopId, started, endedAt],
  )
  const sessionId = rows[0]!.id
  for (const line of lines) {
    await stack.db.query(
      `insert into count_results (session_id, shop_id, product_id, start_count, end_count, received, sold, qty_before, qty_after,
                                  missing, sold_or_missing)
       values ($1, $2, $3, 0, 0, 0, 0, 0, 0, $4, $5)`,
      [sessionId, owner.shopId, line.productId, line.missing ?? 0, line.soldOrMissing ?? 0],
    )
  }
  return sessionId
}
