import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'

export type DeliveryKind = 'daily_report' | 'low_stock_digest' | 'test_report'
export type DeliveryChannel = 'email' | 'whatsapp'
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed' | 'skipped'

export interface Delivery {
  id: number
  shop_id: string
  kind: DeliveryKind
  /** the day the report is about, on the shop's clock */
  local_date: string
  channel: DeliveryChannel
  recipient: string
  status: DeliveryStatus
  attempts: number
  last_error: string | null
}

/** How one send ended: `retry` puts a failure back for a later tick while attempts remain. */
export type DeliveryOutcome =
  | { status: 'sent'; providerMessageId?: string }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; reason: string; retry: boolean }

export const MAX_ATTEMPTS = 3
/** A failed send waits this long: longer than a run may last, so the next run retries it. */
export const RETRY_AFTER_MS = 5 * 60_000

const fail = (what: string, error: { message: string }) => new Error(`${what}: ${error.message}`)

/** Queues the daily report of up to `limit` due shops (service role); returns how many shops. */
export async function queueDueReports(admin: SupabaseClient, limit: number): Promise<number> {
  const { data, error } = await admin.rpc('queue_due_reports', { p_limit: limit })
  if (error) throw fail('Queueing due reports failed', error)
  return data as number
}

/** Claims deliveries for this run: those now due, or exactly `ids` (a test send). */
export async function claimDeliveries(
  admin: SupabaseClient,
  { limit, leaseSeconds, ids }: { limit: number; leaseSeconds: number; ids?: number[] },
): Promise<Delivery[]> {
  const { data, error } = await admin.rpc('claim_deliveries', {
    p_limit: limit,
    p_lease_seconds: leaseSeconds,
    p_ids: ids ?? null,
  })
  if (error) throw fail('Claiming deliveries failed', error)
  return data as Delivery[]
}

/** Records how a claimed send ended; a retryable failure goes back to pending until the last attempt. */
export async function finishDelivery(admin: SupabaseClient, delivery: Delivery, outcome: DeliveryOutcome): Promise<DeliveryStatus> {
  const now = new Date().toISOString()
  const retryAt = new Date(Date.now() + RETRY_AFTER_MS).toISOString()
  const retry = outcome.status === 'failed' && outcome.retry && delivery.attempts < MAX_ATTEMPTS
  const status: DeliveryStatus = retry ? 'pending' : outcome.status
  const { error } = await admin
    .from('deliveries')
    .update({
      status,
      claimed_until: null,
      updated_at: now,
      next_attempt_at: retry ? retryAt : now,
      ...(outcome.status === 'sent'
        ? { sent_at: now, last_error: null, provider_message_id: outcome.providerMessageId ?? null }
        : { last_error: outcome.reason.slice(0, 500) }),
    })
    .eq('id', delivery.id)
    .eq('status', 'sending')
  if (error) throw fail('Recording a delivery failed', error)
  return status
}

/** Puts claimed deliveries this tick had no time to send back as they were, for the next tick. */
export async function releaseDeliveries(admin: SupabaseClient, deliveries: Delivery[]): Promise<void> {
  // Grouped by attempts, so that each row gets back the count it had before the claim.
  for (const attempts of new Set(deliveries.map((delivery) => delivery.attempts))) {
    const group = deliveries.filter((delivery) => delivery.attempts === attempts)
    const { error } = await admin
      .from('deliveries')
      .update({ status: 'pending', attempts: attempts - 1, claimed_until: null, updated_at: new Date().toISOString() })
      .in(
        'id',
        group.map((delivery) => delivery.id),
      )
      .eq('status', 'sending')
    if (error) throw fail('Releasing deliveries failed', error)
  }
}
