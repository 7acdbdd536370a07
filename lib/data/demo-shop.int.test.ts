// The demo shop's seeding function (supabase/migrations/20261123000400_demo_shop.sql)
// on a real stack: what it writes, that it writes it once, and that nobody can
// aim it at someone else's account.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '@/supabase/local/stack'
import { signUpUser, startTestStack } from '@/supabase/local/test/stack-fixture'

let stack: Stack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => stack?.stop())

async function seed(ownerId: string): Promise<string> {
  const { rows } = await stack.db.query<{ id: string }>('select public.seed_demo_shop($1) as id', [ownerId])
  return rows[0]!.id
}

async function one<T>(sql: string, params: unknown[]): Promise<T> {
  const { rows } = await stack.db.query<T & object>(sql, params)
  return rows[0] as T
}

describe('seed_demo_shop', () => {
  it('fills a new shop: 40 products in 4 categories, 60 days of sales with a weekly rhythm and receipts, low and out of stock, weekly stocktakes with missing units', async () => {
    const owner = await signUpUser(stack)
    const shopId = await seed(owner.id)

    const shop = await one<{ owner_id: string; timezone: string }>('select owner_id, timezone from shops where id = $1', [shopId])
    expect(shop).toEqual({ owner_id: owner.id, timezone: 'Europe/London' })

    const catalogue = await one<{ products: number; categories: number; low: number; out: number; skus: number; barcodes: number }>(
      `select count(*)::int as products, count(distinct category)::int as categories,
              count(*) filter (where qty > 0 and qty <= low_stock_threshold)::int as low,
              count(*) filter (where qty = 0)::int as out,
              count(distinct sku)::int as skus, count(distinct barcode)::int as barcodes
         from products where shop_id = $1`,
      [shopId],
    )
    expect(catalogue).toEqual({ products: 40, categories: 4, low: expect.any(Number), out: expect.any(Number), skus: 40, barcodes: 40 })
    expect(catalogue.low).toBeGreaterThanOrEqual(3)
    expect(catalogue.out).toBeGreaterThanOrEqual(2)
    const perCategory = await stack.db.query<{ n: number }>('select count(*)::int as n from products where shop_id = $1 group by category', [shopId])
    expect(perCategory.rows.map((row) => row.n)).toEqual([10, 10, 10, 10])

    // Sales on (nearly) every one of the 60 days in the shop's time zone, receipts every week, all in opening hours.
    const history = await one<{ sale_days: number; receipt_days: number; first_day: number; outside_hours: number; future: number }>(
      `select count(distinct (created_at at time zone 'Europe/London')::date) filter (where reason = 'sold')::int as sale_days,
              count(distinct (created_at at time zone 'Europe/London')::date) filter (where reason = 'received')::int as receipt_days,
              ((now() at time zone 'Europe/London')::date - min((created_at at time zone 'Europe/London')::date))::int as first_day,
              count(*) filter (where reason = 'sold' and ((created_at at time zone 'Europe/London')::time < '09:00'
                                                          or (created_at at time zone 'Europe/London')::time > '19:30'))::int as outside_hours,
              count(*) filter (where created_at > now())::int as future
         from stock_movements where shop_id = $1 and source = 'manual'`,
      [shopId],
    )
    expect(history.first_day).toBe(60)
    expect(history.sale_days).toBeGreaterThanOrEqual(59)
    expect(history.receipt_days).toBeGreaterThanOrEqual(8)
    // Saturdays sell more than Sundays, week after week.
    const week = await stack.db.query<{ dow: number; units: number }>(
      `select extract(isodow from created_at at time zone 'Europe/London')::int as dow, -sum(delta)::int as units
         from stock_movements where shop_id = $1 and reason = 'sold' group by 1 order by 1`,
      [shopId],
    )
    const units = Object.fromEntries(week.rows.map((row) => [row.dow, row.units]))
    expect(units[6]).toBeGreaterThan(1.5 * units[7]!)
    expect(history.outside_hours).toBe(0)
    expect(history.future).toBe(0)

    // The ledger explains every quantity, movement by movement.
    const broken = await one<{ n: number }>(
      `select count(*)::int as n from (
         select p.qty, m.qty_after, sum(m.delta) over (partition by m.product_id order by m.created_at, m.id) as running,
                row_number() over (partition by m.product_id order by m.created_at desc, m.id desc) as latest
           from products p join stock_movements m on m.product_id = p.id where p.shop_id = $1) x
        where x.running <> x.qty_after or (x.latest = 1 and x.qty_after <> x.qty)`,
      [shopId],
    )
    expect(broken.n).toBe(0)

    // Nine confirmed stocktakes: one a week for eight weeks, whose photos are gone, and yesterday's with its photos.
    const sessions = await stack.db.query<{ id: string; status: string; photos: number; missing: number; booked: number }>(
      `select s.id, s.status, (select count(*)::int from count_photos ph where ph.session_id = s.id and ph.status = 'analysed') as photos,
              (select coalesce(sum(r.missing + r.sold_or_missing), 0)::int from count_results r where r.session_id = s.id) as missing,
              (select coalesce(-sum(m.delta), 0)::int from stock_movements m where m.shop_id = s.shop_id and m.request_id = s.id) as booked
         from count_sessions s where s.shop_id = $1 order by s.ended_at`,
      [shopId],
    )
    expect(sessions.rows).toHaveLength(9)
    expect(sessions.rows.every((s) => s.status === 'confirmed' && s.missing > 0 && s.booked === s.missing)).toBe(true)
    expect(sessions.rows.map((s) => s.photos)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 2])
    const sessionId = sessions.rows[8]!.id
    const { review } = await one<{ review: { status: string; totals: { products: number; missing: number; sold_or_missing: number; change: number }; lines: { missing: number; qty_after: number; qty_now: number }[] } }>(
      'select public.count_session_review($1) as review',
      [sessionId],
    )
    expect(review.status).toBe('confirmed')
    expect(review.totals.products).toBeGreaterThanOrEqual(5)
    expect(review.totals.missing).toBeGreaterThan(0)
    // A product with no sale recorded that day books its shortfall as "sold or missing" (which
    // the photos cannot tell apart) rather than missing; which products those are depends on the date.
    expect(review.totals.change).toBe(-(review.totals.missing + review.totals.sold_or_missing))
    const booked = await one<{ units: number }>(
      `select coalesce(-sum(delta), 0)::int as units from stock_movements where shop_id = $1 and source = 'photo_count' and request_id = $2`,
      [shopId, sessionId],
    )
    expect(booked.units).toBe(review.totals.missing + review.totals.sold_or_missing)
  })

  it('buys from two suppliers: every product linked, one order sent three days ago and partly received, and something to reorder', async () => {
    const owner = await signUpUser(stack)
    const shopId = await seed(owner.id)
    const suppliers = await stack.db.query<{ name: string; products: number; preferred: number }>(
      `select s.name, count(ps.product_id)::int as products, count(*) filter (where ps.preferred)::int as preferred
         from suppliers s left join product_suppliers ps on ps.supplier_id = s.id where s.shop_id = $1 group by s.name order by s.name`,
      [shopId],
    )
    expect(suppliers.rows).toEqual([
      { name: 'Corner Cash & Carry', products: 20, preferred: 20 },
      { name: 'Fresh Foods Wholesale', products: 20, preferred: 20 },
    ])
    const orders = await stack.db.query<{ status: string; days: number; lines: number; done: number; part: number }>(
      `select po.status, extract(day from now() - po.sent_at)::int as days, count(l.id)::int as lines,
              count(*) filter (where l.received = l.qty)::int as done, count(*) filter (where l.received > 0 and l.received < l.qty)::int as part
         from purchase_orders po join purchase_order_lines l on l.purchase_order_id = po.id where po.shop_id = $1 group by po.id`,
      [shopId],
    )
    expect(orders.rows).toEqual([{ status: 'partly_received', days: 2, lines: 3, done: 1, part: 1 }])
    const receipts = await one<{ units: number; received: number }>(
      `select coalesce(sum(m.delta), 0)::int as units, (select sum(received)::int from purchase_order_lines where shop_id = $1) as received
         from stock_movements m where m.shop_id = $1 and m.source = 'purchase_order'`,
      [shopId],
    )
    expect(receipts.units).toBe(receipts.received)
    expect(receipts.units).toBeGreaterThan(0)
    await owner.client.auth.signInWithPassword({ email: owner.email, password: owner.password })
    const { data: inputs } = await owner.client.rpc('reorder_inputs').throwOnError()
    const rows = (inputs as { products: { sales: [number, number, number, number]; supplier_name: string | null; on_order: number }[] }).products
    expect(rows).toHaveLength(40)
    expect(rows.every((r) => r.supplier_name !== null)).toBe(true)
    expect(rows.filter((r) => r.sales[3] > 0).length).toBeGreaterThanOrEqual(30)
    expect(rows.filter((r) => r.on_order > 0)).toHaveLength(2)
  })

  it('is idempotent: a second call returns the same shop and writes nothing', async () => {
    const owner = await signUpUser(stack)
    const shopId = await seed(owner.id)
    const counts = () =>
      one<{ products: number; movements: number; sessions: number }>(
        `select (select count(*)::int from products where shop_id = $1) as products,
                (select count(*)::int from stock_movements where shop_id = $1) as movements,
                (select count(*)::int from count_sessions where shop_id = $1) as sessions`,
        [shopId],
      )
    const before = await counts()
    expect(await seed(owner.id)).toBe(shopId)
    expect(await counts()).toEqual(before)
  })

  it('leaves an owner who already has a shop as they were', async () => {
    const owner = await signUpUser(stack)
    const { data } = await owner.client.from('shops').insert({ name: 'Real Shop' }).select('id').single().throwOnError()
    expect(await seed(owner.id)).toBe(data.id)
    expect(await one<{ n: number }>('select count(*)::int as n from products where shop_id = $1', [data.id])).toEqual({ n: 0 })
  })

  it('cannot be called through the API, for anyone', async () => {
    const attacker = await signUpUser(stack)
    const victim = await signUpUser(stack)
    const { error } = await attacker.client.rpc('seed_demo_shop', { p_owner: victim.id })
    expect(error?.code).toBe('42501')
    expect(await one<{ n: number }>('select count(*)::int as n from shops where owner_id = $1', [victim.id])).toEqual({ n: 0 })
  })

  it("refuses a signed-up owner through seed_my_demo_shop: a real shop never gets the demo's made-up sales", async () => {
    const owner = await signUpUser(stack)
    const { error } = await owner.client.rpc('seed_my_demo_shop')
    expect(error).toMatchObject({ code: '42501', message: 'The demo shop is for visitors trying ShelfSnap' })
    expect(await one<{ n: number }>('select count(*)::int as n from shops where owner_id = $1', [owner.id])).toEqual({ n: 0 })
  })
})

describe('supabase/seed.sql', () => {
  it('gives the demo account (demo@shelfsnap.app) the same rich shop', async () => {
    await stack.db.exec(readFileSync('supabase/seed.sql', 'utf8'))
    const shop = await one<{ products: number; categories: number; confirmed: number }>(
      `select (select count(*)::int from products p where p.shop_id = s.id) as products,
              (select count(distinct category)::int from products p where p.shop_id = s.id) as categories,
              (select count(*)::int from count_sessions c where c.shop_id = s.id and c.status = 'confirmed') as confirmed
         from shops s join auth.users u on u.id = s.owner_id where u.email = 'demo@shelfsnap.app'`,
      [],
    )
    expect(shop).toEqual({ products: 40, categories: 4, confirmed: 9 })
  })

  it("writes the demo user as hosted GoTrue can read it: '' in every token column, none NULL", async () => {
    await stack.db.exec(readFileSync('supabase/seed.sql', 'utf8'))
    const tokens = ['confirmation_token', 'recovery_token', 'email_change_token_new', 'email_change',
      'email_change_token_current', 'phone_change', 'phone_change_token', 'reauthentication_token']
    // The local schema is the hosted one here: these columns have no default to hide a NULL.
    const defaults = await stack.db.query<{ column_name: string; column_default: string | null }>(
      `select column_name, column_default from information_schema.columns
        where table_schema = 'auth' and table_name = 'users' and column_name = any($1) and column_default is null order by column_name`,
      [tokens],
    )
    expect(defaults.rows.map((row) => row.column_name)).toEqual(['confirmation_token', 'email_change', 'email_change_token_new', 'recovery_token'])
    const row = await one<Record<string, string | null>>(`select ${tokens.join(', ')} from auth.users where email = 'demo@shelfsnap.app'`, [])
    expect(row).toEqual(Object.fromEntries(tokens.map((token) => [token, ''])))
  })
})
