// `npm run bench -- delivery`, on PostgreSQL: one delivery run for 10,000 shops
// (BENCH_DELIVERY_SHOPS), all due at once, against a production build with the
// mail catcher as the SMTP server. Figures:
// - finding who is due: queue_due_reports() for every shop, beside reading the
//   same shops' rows with a plain select in the same run (the baseline);
// - sending: the route run by run, each stopped by DELIVERY_RUN_SECONDS, with the
//   most SMTP sessions seen at once against DELIVERY_CONCURRENCY;
// - the end: every report sent exactly once (deliveries = messages caught, no
//   address twice), nothing left claimed by a run that ran out of time.
import { performance } from 'node:perf_hooks'
import { createScratchDatabase } from '../supabase/local/db/scratch-database.ts'
import { startMailCatcher } from '../supabase/local/mail/mail-catcher.ts'
import { APP, startProductionApp } from './lib/production-app.ts'
import type { Figure } from './stats.ts'

const SHOPS = Number(process.env.BENCH_DELIVERY_SHOPS || 10_000)
const SERVER = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres'
const CONCURRENCY = 8
const RUN_SECONDS = 20
const SECRET = 'bench-cron-secret'
const ZONES = ['Europe/London', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Auckland', 'America/New_York', 'Asia/Kathmandu']

const seconds = (since: number) => (performance.now() - since) / 1000

export async function runDeliveryBench(): Promise<Figure[]> {
  const scratch = await createScratchDatabase(SERVER).catch((error: Error) => {
    throw new Error(`The delivery bench runs on PostgreSQL: set BENCH_DATABASE_URL to a server it may create databases on (${error.message})`)
  })
  const mail = await startMailCatcher({ smtpPort: 0, inboxPort: 0, keep: SHOPS * 2 })
  Object.assign(process.env, {
    SMTP_URL: mail.smtpUrl,
    CRON_SECRET: SECRET,
    DELIVERY_RUN_SECONDS: String(RUN_SECONDS),
    DELIVERY_CONCURRENCY: String(CONCURRENCY),
  })
  const app = await startProductionApp({ databaseUrl: scratch.url })
  const db = app.stack.db
  try {
    console.log(`Seeding ${SHOPS} shops...`)
    await seed(db.query.bind(db))

    // Finding who is due: the cron's own SQL, batch by batch as the route calls it.
    const plain = performance.now()
    await db.query(`select count(*) from (select id, timezone, report_time from public.shops where next_report_at <= now()) s`)
    const baseline = seconds(plain)
    const started = performance.now()
    let queued = 0
    for (let batch = 1000; batch === 1000; queued += batch) batch = (await db.query<{ n: number }>('select public.queue_due_reports(1000) as n')).rows[0]!.n
    const finding = seconds(started)
    const { rows: pending } = await db.query<{ n: number }>(`select count(*)::int as n from public.deliveries where status = 'pending'`)

    // Sending, run after run, as the hourly cron (or a quicker pg_cron) would.
    const runs: { seconds: number; sent: number; skipped: number; released: number; timedOut: boolean; leftClaimed: number }[] = []
    for (let i = 0; i < 100; i += 1) {
      const t = performance.now()
      const res = await fetch(`${APP}/api/cron/deliveries`, { headers: { Authorization: `Bearer ${SECRET}` } })
      const body = (await res.json()) as { sent: number; skipped: number; released: number; timedOut: boolean; failed: number }
      if (res.status !== 200 || body.failed) throw new Error(`run ${i + 1}: ${res.status} ${JSON.stringify(body)}`)
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from public.deliveries where status = 'sending'`)
      runs.push({ seconds: seconds(t), sent: body.sent, skipped: body.skipped, released: body.released, timedOut: body.timedOut, leftClaimed: rows[0]!.n })
      console.log(`run ${i + 1}: ${JSON.stringify(runs.at(-1))}`)
      if (!body.timedOut) break
    }
    const { rows: end } = await db.query<{ status: string; n: number }>('select status, count(*)::int as n from public.deliveries group by status order by status')
    const sent = end.find((row) => row.status === 'sent')?.n ?? 0
    const { received, maxSessions } = mail.stats()
    const distinct = new Set(mail.messages().map((message) => `${message.envelopeTo.join()}|${message.parsed.subject}`))
    const totalSent = runs.reduce((sum, run) => sum + run.sent, 0)
    const sendSeconds = runs.reduce((sum, run) => sum + run.seconds, 0)
    return [
      {
        name: `queue the reports of ${queued} due shops (${pending[0]!.n} deliveries)`,
        value: finding,
        unit: 's',
        baseline: { name: 'select the same due shops', value: baseline },
        target: '≤ 2 s',
      },
      { name: `send ${totalSent} emails in ${runs.length} runs of at most ${RUN_SECONDS} s`, value: totalSent / sendSeconds, unit: 'emails/s' },
      { name: 'runs that ran out of time and stopped with nothing left claimed', value: runs.filter((run) => run.timedOut && run.leftClaimed === 0).length, unit: `of ${runs.filter((run) => run.timedOut).length}` },
      { name: 'longest run over its time budget', value: Math.max(...runs.map((run) => run.seconds)) - RUN_SECONDS, unit: 's' },
      { name: 'most SMTP sessions open at once', value: maxSessions, unit: 'sessions', target: `≤ ${CONCURRENCY}` },
      {
        name: `deliveries sent (${sent}) = emails caught (${received}) = distinct recipient and subject (${distinct.size})`,
        value: sent === received && received === distinct.size && sent === totalSent ? 1 : 0,
        unit: 'yes=1',
      },
      { name: 'deliveries not sent or skipped at the end', value: end.filter((row) => !['sent', 'skipped'].includes(row.status)).reduce((sum, row) => sum + row.n, 0), unit: 'rows' },
    ]
  } finally {
    await app.stop()
    await mail.stop()
    await scratch.drop()
  }
}

type Query = (sql: string, params?: unknown[]) => Promise<unknown>

/** Owners with confirmed emails, their shops all due now in six zones, three products each, a tenth with one low. */
async function seed(query: Query) {
  await query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
       created_at, updated_at, is_anonymous, confirmation_token, recovery_token, email_change_token_new, email_change)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'owner' || i || '@bench.example',
            '', now(), '{"provider":"email"}', '{}', now(), now(), false, '', '', '', ''
       from generate_series(1, $1) i`,
    [SHOPS],
  )
  await query(
    `insert into public.shops (owner_id, name, timezone, report_time)
     select u.id, 'Shop ' || row_number() over (order by u.email), ($1::text[])[1 + (row_number() over (order by u.email)) % $2],
            time '12:00' + make_interval(mins => 15 * ((row_number() over (order by u.email))::int % 40))
       from auth.users u where u.email like '%@bench.example'`,
    [ZONES, ZONES.length],
  )
  await query(`update public.shops set next_report_at = now() - interval '1 minute'`)
  await query(
    `insert into public.products (shop_id, name, qty, low_stock_threshold, unit_price, unit_cost)
     select s.id, p.name, case when p.n = 1 and s.name like '%0' then 1 else 20 end, 3, 2.5, 1.2
       from public.shops s cross join (values (1, 'Tea'), (2, 'Milk'), (3, 'Bread')) p (n, name)`,
  )
  await query('analyze')
}
