// `npm run bench -- reports`, on PostgreSQL: /reports for 30 days and /app/reorder
// on a shop of 2,000 products and 100,000 movements, among 200 shops and about a
// million ledger rows, each beside its own SQL (shop_report(), reorder_inputs())
// run directly as the same owner in the same run. The pages keep a copy while the shop is
// unchanged (migration 20261129000100): here the shop changes before every load, so each load
// works its page out, as the first load after a sale does, and the SQL is the work the copy
// stands for (private.*_uncached). The plans of every statement
// inside those functions are captured with auto_explain into
// bench/results/reports-explain.txt, and the figures say whether any scanned the
// whole ledger.
import { mkdirSync, writeFileSync } from 'node:fs'
import pg from 'pg'
import { createScratchDatabase } from '../supabase/local/db/scratch-database.ts'
import type { Database } from '../supabase/local/db/database.ts'
import { seedLedger } from './lib/ledger-seed.ts'
import { APP, createOwner, signedInHeaders, startProductionApp } from './lib/production-app.ts'
import { percentile, samplePair, type Figure } from './stats.ts'

const RUNS = 20
const SERVER = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres'

type Run = () => Promise<unknown>

/** The SQL as the owner: the role and claims the API would set, then the statement, in one transaction. */
const asOwner = (db: Database, claims: string, sql: string, params: string[]): Run => () =>
  db.pipeline([
    { sql: `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, params: [claims] },
    { sql, params },
  ])

const page = (cookie: string, path: string, expected: string): Run => async () => {
  const res = await fetch(`${APP}${path}`, { headers: signedInHeaders(cookie) })
  const body = await res.text()
  if (res.status !== 200 || !body.includes(expected)) throw new Error(`${path} answered ${res.status} without ${expected}`)
}

async function explain(url: string, claims: string, statements: [string, string[]][]): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const log: string[] = []
  client.on('notice', (notice) => log.push(notice.message ?? ''))
  try {
    await client.query(`load 'auto_explain'`)
    await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
                        set auto_explain.log_analyze = on; set auto_explain.log_buffers = on; set client_min_messages = log`)
    for (const [sql, params] of statements) {
      log.push(`\n===== ${sql} ${JSON.stringify(params)} =====`)
      await client.query('begin')
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [claims])
      await client.query(sql, params)
      await client.query('commit')
    }
  } finally {
    await client.end()
  }
  return log.join('\n')
}

export async function runReportsBench(): Promise<Figure[]> {
  const scratch = await createScratchDatabase(SERVER).catch((error: Error) => {
    throw new Error(`The reports bench runs on PostgreSQL: set BENCH_DATABASE_URL to a server it may create databases on (${error.message})`)
  })
  const app = await startProductionApp({ databaseUrl: scratch.url })
  try {
    const owner = await createOwner('reports', 0)
    const started = performance.now()
    const seeded = await seedLedger(app.stack.db, owner.shopId)
    console.log(`seeded ${seeded.movements.toLocaleString('en')} movements over ${seeded.shops} shops in ${Math.round((performance.now() - started) / 1000)} s`)
    const { data } = await owner.client.auth.getUser()
    const claims = JSON.stringify({ sub: data.user!.id, role: 'authenticated' })
    const reportSql: [string, string[]] = [`select private.shop_report_uncached(null, null, $1)`, ['30d']]
    const reorderSql: [string, string[]] = ['select private.reorder_inputs_uncached()', []]
    // the shop changed since the last load: its copies are out of date
    const changed = (run: Run): Run => async () => {
      await app.stack.db.query('update private.shop_versions set version = version + 1 where shop_id = $1', [owner.shopId])
      await run()
    }

    const [reportMs, reportSqlMs] = await samplePair(changed(page(owner.cookie, '/reports?range=30d', 'Top sellers')), asOwner(app.stack.db, claims, ...reportSql), RUNS)
    const [reorderMs, reorderSqlMs] = await samplePair(changed(page(owner.cookie, '/app/reorder', 'Reorder')), asOwner(app.stack.db, claims, ...reorderSql), RUNS)
    // Where the rest goes: the same calls through the API, as the pages make them.
    const rpc = (fn: string, args: Record<string, string | null>) =>
      changed(async () => {
        await owner.client.rpc(fn, args).throwOnError()
      })
    const [reportApiMs, reorderApiMs] = await samplePair(rpc('shop_report', { p_range: '30d' }), rpc('reorder_inputs', {}), RUNS)

    const plans = await explain(scratch.url, claims, [reportSql, reorderSql])
    mkdirSync('bench/results', { recursive: true })
    writeFileSync('bench/results/reports-explain.txt', plans)
    const indexes = [...new Set([...plans.matchAll(/Index (?:Only )?Scan (?:Backward )?using (\w+)/g)].map((m) => m[1]))].sort()
    console.log(`plans in bench/results/reports-explain.txt; indexes used: ${indexes.join(', ')}`)

    const scale = `${seeded.movements.toLocaleString('en')} ledger rows, ${seeded.shops} shops; this shop 2,000 products, 100,000 movements`
    const figure = (name: string, p: number, samples: number[], baseline: string, base: number[]): Figure => ({
      name: `${name} p${p} (${scale})`,
      value: percentile(samples, p),
      unit: 'ms',
      baseline: { name: `${baseline} run directly as the owner p${p}`, value: percentile(base, p) },
      target: p === 50 ? '≤ 300 ms and ≤ 1.5×' : undefined,
    })
    return [
      figure('/reports?range=30d full response', 50, reportMs, 'shop_report() for the same 30 days', reportSqlMs),
      figure('/reports?range=30d full response', 95, reportMs, 'shop_report() for the same 30 days', reportSqlMs),
      figure('/app/reorder full response', 50, reorderMs, 'reorder_inputs()', reorderSqlMs),
      figure('/app/reorder full response', 95, reorderMs, 'reorder_inputs()', reorderSqlMs),
      { name: 'shop_report() through the API (supabase-js rpc) p50', value: percentile(reportApiMs, 50), unit: 'ms', baseline: { name: 'run directly p50', value: percentile(reportSqlMs, 50) } },
      { name: 'reorder_inputs() through the API (supabase-js rpc) p50', value: percentile(reorderApiMs, 50), unit: 'ms', baseline: { name: 'run directly p50', value: percentile(reorderSqlMs, 50) } },
      {
        name: 'sequential scans of stock_movements in the plans of both functions',
        value: (plans.match(/Seq Scan on stock_movements/g) ?? []).length,
        unit: 'scans',
        target: '0',
      },
    ]
  } finally {
    await app.stop()
    await scratch.drop()
  }
}
