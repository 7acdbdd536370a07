// shop_report() and report_figures() against a real stack, on a ledger built by
// hand with known answers: a London shop across the October clock change, an
// Indian shop (UTC+5:30) across midnight, the dashboard's "today", bad ranges
// and another shop's data.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, type Owner } from '@/test/support/catalogue-test-data'
import { insertMovement, ownerInZone } from '@/test/support/dashboard-test-data'
import { insertConfirmedStocktake, setQty } from '@/test/support/report-test-data'
import type { Stack } from '@/supabase/local/stack'
import type { PresetId } from '@/lib/reports/period'
import { adjustStock, bookStockTaps, undoStockTaps } from '@/lib/actions/adjust-stock'
import { shopReportCsv } from '@/lib/csv/shop-report'
import { renderDailyReportEmail } from '@/lib/email/daily-report-email'
import { getDashboardSummary } from './dashboard'
import { getShopReport } from './reports'

let stack: Stack

beforeAll(async () => {
  stack = await startActionStack()
})
afterAll(async () => stack?.stop())

async function report(owner: Owner, from: string, to: string) {
  const result = await getShopReport(owner.client, { range: 'custom', from, to })
  if (!result?.ok) throw new Error(`no report: ${JSON.stringify(result)}`)
  return result.report
}

describe('shop_report() on a hand-built ledger', () => {
  // Europe/London leaves summer time on Sun 25 Oct 2026 at 02:00 BST: that day has 25 hours.
  // Local midnights: 24 Oct = 23 Oct 23:00Z, 25 Oct = 24 Oct 23:00Z, 26 Oct = 26 Oct 00:00Z, 27 Oct = 27 Oct 00:00Z.
  let owner: Owner
  let tea: string
  let cake: string
  let pen: string
  let vase: string
  let stocktake: string

  beforeAll(async () => {
    owner = await ownerInZone(stack, 'Europe/London', 'Corner Shop')
    tea = await addProduct(owner, { name: 'Tea', sku: 'TEA', qty: 0, unit_price: 2.5, unit_cost: 1 })
    cake = await addProduct(owner, { name: 'Cake', sku: 'CAKE', qty: 0, unit_price: 3 })
    pen = await addProduct(owner, { name: 'Pen', sku: 'PEN', qty: 0, unit_cost: 0.5 })
    vase = await addProduct(owner, { name: 'Vase', sku: 'VASE', qty: 0, unit_price: 9, unit_cost: 4 })
    await stack.db.query(`update products set created_at = '2026-09-01T08:00:00Z' where shop_id = $1`, [owner.shopId])
    const move = (id: string, at: string, delta: number, reason: string, source = 'manual') =>
      insertMovement(stack, owner, id, { at, delta, reason, source })
    await move(vase, '2026-09-01T09:00:00Z', 3, 'initial')
    await move(cake, '2026-10-20T10:00:00Z', 10, 'received')
    await move(pen, '2026-10-20T10:00:00Z', 5, 'received')
    await move(tea, '2026-10-23T22:59:59Z', 20, 'received') // 23 Oct 23:59:59 BST: before
    await move(tea, '2026-10-23T23:00:00Z', -3, 'sold') // 24 Oct 00:00 BST: the first instant
    await move(tea, '2026-10-25T10:00:00Z', 6, 'received')
    await move(tea, '2026-10-25T18:00:00Z', -1, 'lost', 'photo_count')
    await move(cake, '2026-10-25T18:00:00Z', -2, 'gone', 'photo_count')
    await move(tea, '2026-10-25T23:30:00Z', -2, 'sold') // 25 Oct 23:30 GMT (not 26 Oct: the clocks went back)
    await move(cake, '2026-10-26T12:00:00Z', -4, 'sold')
    await move(pen, '2026-10-26T23:59:59Z', -1, 'sold') // 26 Oct 23:59:59 GMT: the last instant
    await move(tea, '2026-10-27T00:00:00Z', -5, 'sold') // 27 Oct 00:00 GMT: after
    await setQty(stack, tea, 15)
    await setQty(stack, cake, 4)
    await setQty(stack, pen, 4)
    await setQty(stack, vase, 3)
    stocktake = await insertConfirmedStocktake(stack, owner, '2026-10-25T18:00:00Z', [
      { productId: tea, missing: 1 },
      { productId: cake, soldOrMissing: 2 },
    ])
    await insertConfirmedStocktake(stack, owner, '2026-10-23T22:00:00Z', [{ productId: tea, missing: 5 }]) // 23 Oct: before
  })

  it('gives every figure of the period, at the current prices and costs', async () => {
    const r = await report(owner, '2026-10-24', '2026-10-26')
    expect(r.start).toMatch(/^2026-10-23T23:00:00/)
    expect(new Date(r.end).toISOString()).toBe('2026-10-27T00:00:00.000Z')
    expect(r.figures).toEqual({
      sold: 10,
      sales: 4,
      gone: 2,
      received: 6,
      movements: 7,
      sales_value: 24.5, // tea 5 × 2.50 + cake 4 × 3.00; the pen has no price
      unpriced_products: 1,
      cogs: 5.5, // tea 5 × 1.00 + pen 1 × 0.50; the cake has no cost
      uncosted_products: 1,
      margin_sales_value: 12.5, // tea only: the one sold with both a price and a cost
      gross_margin: 7.5,
      shrinkage_units: 3,
      shrinkage_value: 1, // tea 1 × 1.00; the cake's 2 have no cost
      shrinkage_uncosted_products: 1,
      // the tea's 'lost' is a photo stocktake's (its shrinkage): nothing was taken off by hand
      damaged: 0,
      lost: 0,
      corrected: 0,
      written_off_value: 0,
      written_off_uncosted_products: 0,
      opened: 0, // the vase opened before the period
    })
    expect(r.stock).toEqual({ products: 4, costed_products: 3, units_start: 38, units_end: 31, value_start: 34.5, value_end: 34 })
  })

  it('buckets each day by the shop clock, the 25-hour day included', async () => {
    const r = await report(owner, '2026-10-24', '2026-10-26')
    expect(r.daily).toEqual([
      ['2026-10-24', 3, 7.5, 31.5], // tea 17 + pen 5 × 0.5 + vase 12
      ['2026-10-25', 2, 5, 34.5], // tea 20
      ['2026-10-26', 5, 12, 34], // pen 4 × 0.5
    ])
    expect(r.daily.at(-1)![3]).toBe(r.stock.value_end)
    expect(r.weekly_shrinkage).toEqual([['2026-10-19', 3, 1]])
  })

  it('lists top sellers, slow movers and shrinkage by product and by stocktake', async () => {
    const r = await report(owner, '2026-10-24', '2026-10-26')
    expect(r.top_sellers.map((p) => [p.name, p.units, p.sales_value])).toEqual([
      ['Tea', 5, 12.5],
      ['Cake', 4, 12],
      ['Pen', 1, null],
    ])
    expect(r.slow_movers).toEqual({ total: 1, products: [{ id: vase, name: 'Vase', sku: 'VASE', qty: 3, value: 12, last_sold_at: null }] })
    expect(r.shrinkage_products.map((p) => [p.name, p.units, p.value, p.stocktakes])).toEqual([
      ['Tea', 1, 1, 1],
      ['Cake', 2, null, 1],
    ])
    // the cake has no cost: left out of the value, and said so
    expect(r.stocktakes).toEqual([{ id: stocktake, date: '2026-10-25', ended_at: expect.any(String), units: 3, value: 1, products: 2, uncosted_products: 1 }])
  })

  it('gives a one-day report for the day after the clock change its own 24 hours', async () => {
    const r = await report(owner, '2026-10-26', '2026-10-26')
    expect(r.figures).toMatchObject({ sold: 5, sales: 2, received: 0, shrinkage_units: 0 })
    expect(r.daily).toEqual([['2026-10-26', 5, 12, 34]])
  })
})

describe('shop_report() where a cost is unknown, a day has two stocktakes and products are new', () => {
  it('values shrinkage without a cost as unknown, not £0.00, keeps each stocktake apart, and lists no new product as a slow mover', async () => {
    const owner = await ownerInZone(stack, 'Europe/London', 'Cost Shop')
    const product = async (name: string, created: string, fields: Record<string, unknown> = {}) => {
      const id = await addProduct(owner, { name, qty: 0, ...fields })
      await stack.db.query('update products set created_at = $1 where id = $2', [created, id])
      return id
    }
    const cake = await product('Cake', '2026-01-01T08:00:00Z')
    const pen = await product('Pen', '2026-01-01T08:00:00Z', { unit_cost: 0.5 })
    const jar = await product('Jar', '2026-01-01T08:00:00Z', { unit_cost: 2 })
    const bowl = await product('Bowl', '2026-01-01T08:00:00Z', { unit_cost: 3 })
    const lid = await product('Lid', '2026-10-01T08:00:00Z', { unit_cost: 1 }) // 24 days before the period's end: too new to judge
    const mug = await product('Mug', '2026-10-25T08:00:00Z', { unit_cost: 4 }) // added inside the period
    for (const [id, qty] of [[jar, 2], [bowl, 3], [lid, 1], [mug, 5]] as const) await setQty(stack, id, qty)
    // the bowl's one sale in the 30 days was undone: it is still a slow mover, never sold
    const sale = randomUUID()
    await stack.db.query(
      `insert into stock_movements (shop_id, product_id, delta, qty_after, reason, request_id, created_at)
       values ($1, $2, -1, 2, 'sold', $3, '2026-10-20T10:00:00Z'),
              ($1, $2, 1, 3, 'sold', undo_request_id($3), '2026-10-20T10:00:05Z')`,
      [owner.shopId, bowl, sale],
    )
    const morning = await insertConfirmedStocktake(stack, owner, '2026-10-25T09:00:00Z', [{ productId: cake, soldOrMissing: 2 }])
    const evening = await insertConfirmedStocktake(stack, owner, '2026-10-25T17:00:00Z', [
      { productId: pen, missing: 1 },
      { productId: cake, missing: 1 },
    ])
    const nextWeek = await insertConfirmedStocktake(stack, owner, '2026-10-27T12:00:00Z', [{ productId: cake, missing: 1 }])

    const r = await report(owner, '2026-10-24', '2026-10-27')
    expect(r.stocktakes.map(({ id, date, ended_at, units, value, products, uncosted_products }) => [id, date, new Date(ended_at).toISOString(), units, value, products, uncosted_products])).toEqual([
      [nextWeek, '2026-10-27', '2026-10-27T12:00:00.000Z', 1, null, 1, 1],
      [evening, '2026-10-25', '2026-10-25T17:00:00.000Z', 2, 0.5, 2, 1],
      [morning, '2026-10-25', '2026-10-25T09:00:00.000Z', 2, null, 1, 1],
    ])
    expect(r.weekly_shrinkage).toEqual([
      ['2026-10-19', 4, 0.5],
      ['2026-10-26', 1, null],
    ])
    expect(r.shrinkage_products.map((p) => [p.name, p.units, p.value])).toEqual([
      ['Pen', 1, 0.5],
      ['Cake', 4, null],
    ])
    expect(r.slow_movers.products.map((p) => [p.name, p.qty, p.value, p.last_sold_at])).toEqual([
      ['Bowl', 3, 9, null],
      ['Jar', 2, 4, null],
    ])
  })
})

describe('shop_report() in a half-hour zone', () => {
  it('starts the day at 18:30Z for a shop in Asia/Kolkata', async () => {
    const owner = await ownerInZone(stack, 'Asia/Kolkata')
    const chai = await addProduct(owner, { name: 'Chai', qty: 0, unit_price: 20, unit_cost: 8 })
    await insertMovement(stack, owner, chai, { at: '2026-03-09T18:29:59Z', delta: -1, reason: 'sold' }) // 9 Mar 23:59:59 IST
    await insertMovement(stack, owner, chai, { at: '2026-03-09T18:30:00Z', delta: -2, reason: 'sold' }) // 10 Mar 00:00 IST
    const r = await report(owner, '2026-03-10', '2026-03-10')
    expect(r.figures).toMatchObject({ sold: 2, sales_value: 40, cogs: 16, gross_margin: 24 })
    expect((await report(owner, '2026-03-09', '2026-03-09')).figures.sold).toBe(1)
  })
})

describe('report presets', () => {
  it("turns each preset into whole days ending today on the shop's clock", async () => {
    const owner = await ownerInZone(stack, 'Pacific/Kiritimati') // UTC+14: often a day ahead of the server
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date())
    const shift = (days: number) => {
      const date = new Date(`${today}T12:00:00Z`)
      date.setUTCDate(date.getUTCDate() + days)
      return date.toISOString().slice(0, 10)
    }
    const days = async (range: PresetId) => {
      const result = await getShopReport(owner.client, { range })
      return result?.ok ? [result.report.range, result.report.from, result.report.to, result.report.today, result.report.daily.length] : result
    }
    expect(await days('7d')).toEqual(['7d', shift(-6), today, today, 7])
    expect(await days('30d')).toEqual(['30d', shift(-29), today, today, 30])
    expect(await days('today')).toEqual(['today', today, today, today, 1])
    expect(await days('yesterday')).toEqual(['yesterday', shift(-1), shift(-1), today, 1])
    expect(await days('month')).toEqual(['month', `${today.slice(0, 8)}01`, today, today, Number(today.slice(8))])
  })
})

describe('one source for today', () => {
  it("gives the dashboard's today the report's figures for today, to the unit", async () => {
    const owner = await ownerInZone(stack, 'Pacific/Auckland')
    const milk = await addProduct(owner, { name: 'Milk', qty: 0, unit_price: 1.2, unit_cost: 0.7 })
    const soap = await addProduct(owner, { name: 'Soap', qty: 0, unit_price: 2 })
    const { data: summary } = await owner.client.rpc('dashboard_summary').throwOnError()
    const dayStart = new Date((summary as { day: { start: string } }).day.start).getTime()
    const at = (seconds: number) => new Date(dayStart + seconds * 1000).toISOString()
    await insertMovement(stack, owner, milk, { at: at(-1), delta: -9, reason: 'sold' })
    await insertMovement(stack, owner, milk, { at: at(1), delta: 12, reason: 'received' })
    await insertMovement(stack, owner, milk, { at: at(2), delta: -3, reason: 'sold' })
    await insertMovement(stack, owner, soap, { at: at(3), delta: -2, reason: 'sold' })
    await insertMovement(stack, owner, soap, { at: at(4), delta: -1, reason: 'gone', source: 'photo_count' })
    await insertConfirmedStocktake(stack, owner, at(5), [{ productId: soap, soldOrMissing: 1 }, { productId: milk, missing: 2 }])

    const [{ data: dashboard }, { data: shopReport }] = await Promise.all([
      owner.client.rpc('dashboard_summary').throwOnError(),
      owner.client.rpc('shop_report', { p_range: 'today' }).throwOnError(),
    ])
    const figures = (shopReport as { figures: Record<string, number> }).figures
    expect((dashboard as { today: unknown }).today).toEqual(figures)
    expect(figures).toMatchObject({ sold: 5, sales: 2, received: 12, gone: 1, sales_value: 7.6, shrinkage_units: 3, shrinkage_value: 1.4 })
  })
})

describe('a sale and its undo', () => {
  it('count as no sale on the dashboard, the report, its CSV and its email; units net out', async () => {
    const owner = await ownerInZone(stack, 'Europe/London', 'Undo Shop')
    const tea = await addProduct(owner, { name: 'Tea', qty: 10, unit_price: 2 })
    await signInAs(owner)
    const tap = (count: number) => formData({ product_id: tea, kind: 'sold', count: String(count), request_id: randomUUID() })
    const undone = tap(1)
    expect(await bookStockTaps(idle, undone)).toMatchObject({ ok: true, qty: 9 })
    expect(await bookStockTaps(idle, tap(2))).toMatchObject({ ok: true, qty: 7 })
    expect(await undoStockTaps(idle, formData({ product_id: tea, request_id: undone.get('request_id') as string }))).toMatchObject({ ok: true, qty: 8 })

    const result = await getShopReport(owner.client, { range: 'today' })
    if (!result?.ok) throw new Error('no report')
    const { report } = result
    expect(report.figures).toMatchObject({ sold: 2, sales: 1, sales_value: 4, movements: 4 })
    // the stat card reads these two: "2 units … in 1 recorded sale"
    expect((await getDashboardSummary(owner.client))!.today).toMatchObject({ sold: 2, sales: 1 })
    expect(shopReportCsv(report)).toContain('Units sold,2,in 1 recorded sale,,')
    const { text } = await renderDailyReportEmail({ report, lowStock: [], reportUrl: 'http://localhost/reports' })
    expect(text).toContain('Units sold: 2 · in 1 recorded sale')

    // undoing the other sale too leaves none; a second undo of it changes nothing
    const { rows } = await stack.db.query<{ request_id: string }>(
      `select request_id from stock_movements where product_id = $1 and delta = -2`,
      [tea],
    )
    const undoSecond = formData({ product_id: tea, request_id: rows[0]!.request_id })
    await undoStockTaps(idle, undoSecond)
    await undoStockTaps(idle, undoSecond)
    const after = await getShopReport(owner.client, { range: 'today' })
    expect(after?.ok && after.report.figures).toMatchObject({ sold: 0, sales: 0, sales_value: 0, movements: 5 })
  })
})

describe('stock taken off by hand', () => {
  it('shows damaged, lost and count corrections on the page, its CSV and its email, apart from what photo stocktakes found', async () => {
    const owner = await ownerInZone(stack, 'Europe/London', 'Breakage Shop')
    const tea = await addProduct(owner, { name: 'Tea', qty: 20, unit_price: 2, unit_cost: 1.25 })
    const cake = await addProduct(owner, { name: 'Cake', qty: 10, unit_price: 3 })
    await signInAs(owner)
    const change = async (product: string, fields: Record<string, string>) =>
      expect(await adjustStock(idle, formData({ product_id: product, request_id: randomUUID(), ...fields }))).toMatchObject({ ok: true })
    await change(tea, { mode: 'remove', amount: '2', reason: 'damaged' })
    await change(cake, { mode: 'remove', amount: '1', reason: 'lost' })
    await change(tea, { mode: 'remove', amount: '1', reason: 'sold' })
    await change(tea, { mode: 'count', amount: '14', reason: 'count_correction' }) // 17 -> 14
    await change(cake, { mode: 'add', amount: '1', reason: 'count_correction' })
    // a photo stocktake's own movements are its shrinkage, not these
    await insertMovement(stack, owner, cake, { at: new Date().toISOString(), delta: -2, reason: 'lost', source: 'photo_count' })
    await insertMovement(stack, owner, cake, { at: new Date().toISOString(), delta: 1, reason: 'count_correction', source: 'photo_count' })

    const result = await getShopReport(owner.client, { range: 'today' })
    if (!result?.ok) throw new Error('no report')
    const { report } = result
    // the two products were added today with 20 and 10
    expect(report.figures).toMatchObject({ damaged: 2, lost: 1, corrected: -2, written_off_value: 2.5, written_off_uncosted_products: 1, opened: 30 })
    const csv = shopReportCsv(report)
    expect(csv).toContain('Damaged or lost,3,"taken off by hand: 2 damaged, 1 lost or stolen"')
    expect(csv).toContain('Damaged or lost at cost,2.50,1 product without a cost is left out')
    expect(csv).toContain('Count corrections,-2,')
    const { text } = await renderDailyReportEmail({ report, lowStock: [], reportUrl: 'http://localhost/reports' })
    expect(text).toContain('Damaged or lost: 3 · taken off by hand: 2 damaged, 1 lost or stolen')
    expect(text).toContain('Damaged or lost at cost: £2.50')
    expect(text).toContain('Count corrections: −2')
  })
})

describe('bad ranges and other shops', () => {
  it('refuses a backwards range and one over 2 years, with words for the owner', async () => {
    const owner = await ownerInZone(stack, 'Europe/London')
    expect(await getShopReport(owner.client, { range: 'custom', from: '2026-11-02', to: '2026-11-01' })).toEqual({
      ok: false,
      message: 'The end date is before the start date',
      badRange: true,
    })
    expect(await getShopReport(owner.client, { range: 'custom', from: '2024-11-01', to: '2026-11-02' })).toEqual({
      ok: false,
      message: 'A report covers at most 2 years',
      badRange: true,
    })
    const { data: today } = await owner.client.rpc('shop_report', { p_range: 'today' }).throwOnError()
    const tomorrow = new Date(Date.parse(`${(today as { today: string }).today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const future = await getShopReport(owner.client, { range: 'custom', from: '2026-11-01', to: tomorrow })
    expect(future).toMatchObject({ ok: false, message: expect.stringMatching(/^The end date is after today \(\d{1,2} [A-Z][a-z]{2} \d{4}\)$/), badRange: true })
    expect(await getShopReport(owner.client, { range: 'custom', from: '2027-03-01', to: '2027-03-31' })).toMatchObject({ ok: false, badRange: true })
    const longest = await getShopReport(owner.client, { range: 'custom', from: '2024-11-01', to: '2026-11-01' })
    expect(longest?.ok && longest.report.daily).toHaveLength(731)
    const { error, status } = await owner.client.rpc('shop_report', { p_from: 'not-a-date', p_to: '2026-11-01' })
    expect([error?.code, status]).toEqual(['22007', 400])
    expect(await getShopReport(owner.client, { range: 'decade' as PresetId })).toEqual({ ok: false, message: 'Unknown report period', badRange: true })
    const { error: missing } = await owner.client.rpc('shop_report', { p_from: '2026-11-01' })
    expect([missing?.message, missing?.hint]).toEqual(['Choose a start and an end date', 'range_missing'])
  })

  it("shows nothing of another shop's ledger, even when asked for its id", async () => {
    const victim = await ownerInZone(stack, 'Europe/London', 'Victim')
    const attacker = await ownerInZone(stack, 'Europe/London', 'Attacker')
    const bread = await addProduct(victim, { name: 'Bread', qty: 0, unit_price: 1 })
    await insertMovement(stack, victim, bread, { at: '2026-06-01T12:00:00Z', delta: -7, reason: 'sold' })
    expect((await report(attacker, '2026-06-01', '2026-06-01')).figures.sold).toBe(0)
    const { data } = await attacker.client
      .rpc('report_figures', { p_shop_id: victim.shopId, p_start: '2026-06-01T00:00:00Z', p_end: '2026-06-02T00:00:00Z' })
      .throwOnError()
    // not a shop of theirs as owner or manager: no figures at all (migration 20261127000200)
    expect(data).toBeNull()
  })
})
