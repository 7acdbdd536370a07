import { createHash, timingSafeEqual } from 'node:crypto'
import { runDeliveries } from '@/lib/delivery/run-deliveries'
import { SCHEDULED_SENDS_BLOCKED_LOG, scheduledSendsBlocked, siteUrl } from '@/lib/delivery/site-url'
import { createAdminClient } from '@/lib/supabase/admin'

// Vercel stops the function after maxDuration; the run stops starting sends a minute before
// (or after DELIVERY_RUN_SECONDS, for a host with a shorter limit).
export const maxDuration = 300

const digest = (value: string) => createHash('sha256').update(value).digest()

function authorized(request: Request): boolean {
  const secret = process.env.CRON_SECRET
  if (!secret) return false
  return timingSafeEqual(digest(request.headers.get('authorization') ?? ''), digest(`Bearer ${secret}`))
}

/**
 * The hourly delivery run, called by Vercel Cron (GET with `Authorization: Bearer $CRON_SECRET`),
 * by pg_cron + pg_net on the database, or by `npm run dev` every few minutes.
 */
async function run(request: Request) {
  if (!authorized(request)) return Response.json({ error: 'Unauthorized' }, { status: 401 })
  if (scheduledSendsBlocked()) {
    // Nothing is queued either: once SITE_URL is set, the next run sends the latest day's reports.
    console.error(SCHEDULED_SENDS_BLOCKED_LOG)
    return Response.json({ error: SCHEDULED_SENDS_BLOCKED_LOG }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
  // Outside production (npm run dev sets SITE_URL anyway) the address the cron called will do.
  const origin = siteUrl() ?? new URL(request.url).origin
  try {
    const summary = await runDeliveries(createAdminClient(), {
      origin,
      deadline: Date.now() + setting('DELIVERY_RUN_SECONDS', maxDuration - 60, 5, maxDuration - 30) * 1000,
      concurrency: setting('DELIVERY_CONCURRENCY', 8, 1, 50),
    })
    return Response.json(summary, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    console.error('Error in the delivery run:', error)
    return Response.json({ error: 'The delivery run failed; the next run goes on from where it stopped.' }, { status: 503 })
  }
}

function setting(name: string, fallback: number, min: number, max: number): number {
  const value = Number(process.env[name])
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback
}

export const GET = run
export const POST = run
