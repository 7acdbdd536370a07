import 'server-only'
import pLimit from 'p-limit'
import type { SupabaseClient } from '@supabase/supabase-js'
import { claimDeliveries, finishDelivery, queueDueReports, releaseDeliveries, type Delivery, type DeliveryStatus } from '@/lib/data/deliveries'
import { canSendEmail, createMailer } from '@/lib/email/mailer'
import { sendDelivery } from './send-delivery'
import { shopDayCache } from './shop-day'

export interface RunOptions {
  /** the app's address, for the links in what is sent */
  origin: string
  /** epoch ms: no send starts after it; what is left goes back for the next run */
  deadline: number
  /** sends at once (and SMTP connections); default 8 */
  concurrency?: number
  /** only these pending deliveries (a test send); otherwise queue due reports and send whatever is due */
  ids?: number[]
}

export interface RunSummary {
  /** shops whose daily report was queued by this run */
  queuedShops: number
  sent: number
  skipped: number
  /** failed for good */
  failed: number
  /** failed, to be tried again by a later run */
  retrying: number
  /** claimed but put back unsent: the run ran out of time */
  released: number
  /** the run stopped at its deadline with work left */
  timedOut: boolean
  failures: { recipient: string; reason: string }[]
}

const QUEUE_BATCH = 1000
// A claim outlives any run (Vercel stops a function after maxDuration): a claim left by a
// run that died is taken again once it expires, and counts as an attempt.
const LEASE_SECONDS = 900

/**
 * One run of the delivery loop, as the hourly cron calls it: queue the reports now due,
 * then claim and send pending deliveries in batches, `concurrency` at a time, until none are
 * left or the deadline. Claims skip rows another run holds, so overlapping runs never send
 * one delivery twice; a failure waits out a back-off longer than a run, for the next run.
 */
export async function runDeliveries(admin: SupabaseClient, { origin, deadline, concurrency = 8, ids }: RunOptions): Promise<RunSummary> {
  const summary: RunSummary = { queuedShops: 0, sent: 0, skipped: 0, failed: 0, retrying: 0, released: 0, timedOut: false, failures: [] }
  const outOfTime = () => Date.now() >= deadline
  if (!ids) {
    for (let queued = QUEUE_BATCH; queued === QUEUE_BATCH && !outOfTime(); ) {
      queued = await queueDueReports(admin, QUEUE_BATCH)
      summary.queuedShops += queued
    }
  }
  const mailer = canSendEmail() ? createMailer({ connections: concurrency }) : null
  const limit = pLimit(concurrency)
  let done = false
  try {
    while (!done && !outOfTime()) {
      const batch = await claimDeliveries(admin, { limit: concurrency * 8, leaseSeconds: LEASE_SECONDS, ids })
      done = batch.length === 0 || Boolean(ids)
      if (batch.length === 0) break
      const context = { origin, mailer, shopDay: shopDayCache(admin) }
      const unsent: Delivery[] = []
      await Promise.all(
        batch.map((delivery) =>
          limit(async () => {
            if (outOfTime()) return void unsent.push(delivery)
            const outcome = await sendDelivery(delivery, context)
            count(summary, await finishDelivery(admin, delivery, outcome), delivery, outcome.status === 'sent' ? null : outcome.reason)
          }),
        ),
      )
      if (unsent.length > 0) {
        await releaseDeliveries(admin, unsent)
        summary.released += unsent.length
        done = false
      }
    }
    summary.timedOut = !done
  } finally {
    mailer?.close()
  }
  return summary
}

function count(summary: RunSummary, status: DeliveryStatus, delivery: Delivery, reason: string | null) {
  if (status === 'sent') summary.sent += 1
  else if (status === 'skipped') summary.skipped += 1
  else if (status === 'pending') summary.retrying += 1
  else summary.failed += 1
  if (reason && status !== 'skipped' && summary.failures.length < 20) summary.failures.push({ recipient: delivery.recipient, reason })
}
