// When each shop's daily report is queued, walking an hourly cron across
// daylight-saving changes and 30-minute-offset zones (queue_due_reports with a
// given clock, on the real schema). The expected instants are worked out by hand
// from each zone's rules, not by the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ownerWithShop } from '@/test/support/catalogue-test-data'
import { startTestStack } from '@/supabase/local/test/stack-fixture'
import type { Stack } from '@/supabase/local/stack'

let stack: Stack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => stack?.stop())

const HOUR = 3_600_000
const UTC = `to_char(next_report_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')`

/** A shop on `timezone` reporting at `time`, whose last report was of `lastDay`. */
async function shop(timezone: string, time: string, lastDay: string): Promise<string> {
  const { shopId } = await ownerWithShop(stack, `Shop ${timezone} ${time}`)
  await stack.db.query('update public.shops set timezone = $2, report_time = $3, last_report_day = $4 where id = $1', [shopId, timezone, time, lastDay])
  return shopId
}

/** Calls the cron every hour on the hour from `from` to `to`; answers each report day with the run that queued it. */
async function walk(shopId: string, from: string, to: string): Promise<Record<string, string>> {
  const queuedAt: Record<string, string> = {}
  for (let t = Date.parse(from); t <= Date.parse(to); t += HOUR) {
    const tick = new Date(t).toISOString()
    await stack.db.query('select public.queue_due_reports(1000, $1)', [tick])
    const { rows } = await stack.db.query<{ day: string; n: number }>(
      `select to_char(local_date, 'YYYY-MM-DD') as day, count(*)::int as n from public.deliveries
        where shop_id = $1 and kind = 'daily_report' group by local_date`,
      [shopId],
    )
    for (const { day, n } of rows) {
      expect(n, `one report of ${day}`).toBe(1)
      queuedAt[day] ??= tick.replace('.000Z', 'Z')
    }
  }
  return queuedAt
}

describe('the daily report schedule', () => {
  it('Pacific/Auckland at 19:00 across the spring-forward night (27 Sep 2026, +12 → +13): every evening once', async () => {
    const id = await shop('Pacific/Auckland', '19:00', '2026-09-25')
    expect(await walk(id, '2026-09-25T12:00Z', '2026-09-29T12:00Z')).toEqual({
      '2026-09-26': '2026-09-26T07:00:00Z',
      '2026-09-27': '2026-09-27T06:00:00Z',
      '2026-09-28': '2026-09-28T06:00:00Z',
      '2026-09-29': '2026-09-29T06:00:00Z',
    })
  })

  it('Pacific/Auckland at 02:30, a time that does not exist on 27 Sep: that morning still gets its report, once', async () => {
    const id = await shop('Pacific/Auckland', '02:30', '2026-09-24')
    // a morning report is of the day before
    expect(await walk(id, '2026-09-25T12:00Z', '2026-09-28T18:00Z')).toEqual({
      '2026-09-25': '2026-09-25T15:00:00Z', // 26 Sep 02:30 NZST
      '2026-09-26': '2026-09-26T15:00:00Z', // 27 Sep: 02:30 is skipped, read as 03:30 NZDT
      '2026-09-27': '2026-09-27T14:00:00Z', // 28 Sep 02:30 NZDT
      '2026-09-28': '2026-09-28T14:00:00Z',
    })
  })

  it('Pacific/Auckland at 02:30, a time that happens twice on 5 Apr 2026: one report', async () => {
    const id = await shop('Pacific/Auckland', '02:30', '2026-04-02')
    const queued = await walk(id, '2026-04-03T00:00Z', '2026-04-06T00:00Z')
    expect(Object.keys(queued)).toEqual(['2026-04-03', '2026-04-04', '2026-04-05'])
    expect(queued['2026-04-03']).toBe('2026-04-03T14:00:00Z') // 4 Apr 02:30 NZDT
    expect(['2026-04-04T14:00:00Z', '2026-04-04T15:00:00Z']).toContain(queued['2026-04-04']) // either 02:30 of 5 Apr
    expect(queued['2026-04-05']).toBe('2026-04-05T15:00:00Z') // 6 Apr 02:30 NZST
  })

  it('America/St_Johns at 19:00 (−2:30 → −3:30 on 1 Nov 2026): the first run after each half-hour report time', async () => {
    const id = await shop('America/St_Johns', '19:00', '2026-10-30')
    expect(await walk(id, '2026-10-31T00:00Z', '2026-11-03T00:00Z')).toEqual({
      '2026-10-31': '2026-10-31T22:00:00Z',
      '2026-11-01': '2026-11-01T23:00:00Z',
      '2026-11-02': '2026-11-02T23:00:00Z',
    })
  })

  it('Asia/Kolkata (+5:30) at 19:00 and at 08:00 (the morning report is of yesterday)', async () => {
    const evening = await shop('Asia/Kolkata', '19:00', '2026-11-20')
    expect(await walk(evening, '2026-11-21T00:00Z', '2026-11-23T00:00Z')).toEqual({
      '2026-11-21': '2026-11-21T14:00:00Z',
      '2026-11-22': '2026-11-22T14:00:00Z',
    })
    const morning = await shop('Asia/Kolkata', '08:00', '2026-11-19')
    expect(await walk(morning, '2026-11-21T00:00Z', '2026-11-23T00:00Z')).toEqual({
      '2026-11-20': '2026-11-21T03:00:00Z',
      '2026-11-21': '2026-11-22T03:00:00Z',
    })
  })

  it('after days without a run, sends the latest report only, and is due again at the next report time', async () => {
    const id = await shop('Asia/Kolkata', '19:00', '2026-11-10')
    await stack.db.query('select public.queue_due_reports(1000, $1)', ['2026-11-14T15:00Z'])
    const { rows } = await stack.db.query<{ days: string[]; next: string; last: string }>(
      `select array(select to_char(local_date, 'YYYY-MM-DD') from public.deliveries where shop_id = s.id and kind = 'daily_report') as days,
              ${UTC} as next, to_char(s.last_report_day, 'YYYY-MM-DD') as last
         from public.shops s where s.id = $1`,
      [id],
    )
    expect(rows[0]).toEqual({ days: ['2026-11-14'], next: '2026-11-15T13:30Z', last: '2026-11-14' })
  })

  it('moves the next report when the owner changes the report time or zone, without sending a day twice', async () => {
    const id = await shop('Asia/Kolkata', '19:00', '2026-11-21')
    const next = async () => (await stack.db.query<{ next: string }>(`select ${UTC} as next from public.shops where id = $1`, [id])).rows[0]!.next
    expect(await next()).toBe('2026-11-22T13:30Z')
    await stack.db.query(`update public.shops set report_time = '08:00' where id = $1`, [id])
    // the 22nd is reported on the 23rd's morning; the 21st, already sent, is not again
    expect(await next()).toBe('2026-11-23T02:30Z')
    await stack.db.query(`update public.shops set timezone = 'Pacific/Auckland', report_time = '19:00' where id = $1`, [id])
    expect(await next()).toBe('2026-11-22T06:00Z')
  })
})
