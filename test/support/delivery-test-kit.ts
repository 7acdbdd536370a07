// Shops made due for the delivery run, and the run called as Vercel Cron calls it.
import type { Stack } from '@/supabase/local/stack'

export const CRON_SECRET = 'test-cron-secret'

/** An IANA zone (Etc/GMT±N) where it is now between 17:00 and 19:59, so a 12:00 report of today is due. */
export function eveningZone(now = new Date()): string {
  const offset = ((18 - now.getUTCHours() + 36) % 24) - 12
  // Etc/GMT signs are inverted: Etc/GMT-5 is UTC+5.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

/** Makes the shop's report of today (on its clock) due now. */
export async function makeDue(stack: Stack, shopId: string): Promise<string> {
  const zone = eveningZone()
  await stack.db.query(`update public.shops set timezone = $2, report_time = '12:00', last_report_day = null where id = $1`, [shopId, zone])
  const { rows } = await stack.db.query<{ day: string }>(
    `update public.shops set next_report_at = now() - interval '1 minute' where id = $1
     returning to_char((now() at time zone timezone)::date, 'YYYY-MM-DD') as day`,
    [shopId],
  )
  return rows[0]!.day
}

export const cronRequest = (secret: string | null = CRON_SECRET, method = 'GET') =>
  new Request('http://localhost:3000/api/cron/deliveries', { method, headers: secret === null ? {} : { Authorization: `Bearer ${secret}` } })

export async function deliveriesOf(stack: Stack, shopId: string) {
  const { rows } = await stack.db.query<{ kind: string; local_date: string; channel: string; recipient: string; status: string; attempts: number; last_error: string | null }>(
    `select kind, to_char(local_date, 'YYYY-MM-DD') as local_date, channel, recipient, status, attempts, last_error
       from public.deliveries where shop_id = $1 order by kind, channel, recipient`,
    [shopId],
  )
  return rows
}

/** Lets the retry back-off of a shop's failed sends pass, as the next hourly run would find them. */
export async function backOffPassed(stack: Stack, shopId: string) {
  await stack.db.query(`update public.deliveries set next_attempt_at = now() where shop_id = $1 and status = 'pending'`, [shopId])
}
