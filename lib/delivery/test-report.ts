import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { createAdminClient } from '@/lib/supabase/admin'
import { plural } from '@/lib/format/plural'
import { runDeliveries } from './run-deliveries'

const TEST_SECONDS = 45

/**
 * "Send a test report now": today's report to every recipient of the caller's shop on its
 * channels, through the same sends as the schedule, recorded in the delivery history.
 */
export async function sendTestReport(supabase: SupabaseClient, origin: string): Promise<{ ok: boolean; message: string }> {
  const { data, error } = await supabase.rpc('queue_test_report')
  if (error) {
    if (error.code === 'P0001' || error.code === 'P0002') return { ok: false, message: error.message }
    throw new Error(`Queueing a test report failed: ${error.message}`)
  }
  const ids = (data as (number | string)[]).map(Number)
  if (ids.length === 0) return { ok: false, message: 'Nobody to send to: confirm your email address or add a recipient' }
  const summary = await runDeliveries(createAdminClient(), { origin, deadline: Date.now() + TEST_SECONDS * 1000, ids })
  if (summary.failures.length === 0) return { ok: true, message: `Test report sent to ${plural(summary.sent, 'recipient')}` }
  const [first] = summary.failures
  return { ok: false, message: `Sent to ${summary.sent} of ${plural(ids.length, 'recipient')}. ${first!.recipient}: ${first!.reason}` }
}
