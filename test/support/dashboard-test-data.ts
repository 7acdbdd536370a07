// Test data for the dashboard tests: shops in a given time zone, and ledger rows
// written as superuser with an explicit time (the API always stamps now()).
import type { Stack } from '@/supabase/local/stack'
import { signUpUser } from '@/supabase/local/test/stack-fixture'
import type { Owner } from '@/test/support/catalogue-test-data'

export async function ownerInZone(stack: Stack, timezone: string, name = 'Zone Shop'): Promise<Owner> {
  const user = await signUpUser(stack)
  const { data } = await user.client.from('shops').insert({ name, timezone }).select('id').single().throwOnError()
  return { ...user, shopId: data.id as string }
}

interface Movement {
  at: string
  delta: number
  reason: string
  source?: string
  note?: string | null
  qtyAfter?: number
}

/** A ledger row only: products.qty is left as it is. */
export async function insertMovement(stack: Stack, owner: Owner, productId: string, movement: Movement) {
  await stack.db.query(
    `insert into stock_movements (shop_id, product_id, delta, qty_after, reason, source, note, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [owner.shopId, productId, movement.delta, movement.qtyAfter ?? 0, movement.reason, movement.source ?? 'manual', movement.note ?? null, movement.at],
  )
}
