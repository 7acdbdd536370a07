// The scheduled delivery run against a real stack and the real mail catcher over
// SMTP, called as Vercel Cron calls the route: each due report goes once, with
// the figures /reports shows for that day; the digest only when something is
// low; only confirmed recipients; one-click unsubscribe; SMTP down means failed
// and retried sends, never a double; overlapping runs send each report once.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { backOffPassed, CRON_SECRET, cronRequest, deliveriesOf, makeDue } from '@/test/support/delivery-test-kit'
import { mailInbox } from '@/test/support/mail-inbox'
import { SECRET_KEY } from '@/supabase/local/config'
import { startMailCatcher, type MailCatcher } from '@/supabase/local/mail/mail-catcher'
import type { Stack } from '@/supabase/local/stack'
import { getShopReport } from '@/lib/data/reports'
import { figureRows, formatFigure } from '@/lib/reports/figure-rows'
import { unsubscribeAction } from '@/lib/actions/unsubscribe-action'
import { BAD_UNSUBSCRIBE_LINK } from '@/lib/delivery/unsubscribe'
import { createAdminClient } from '@/lib/supabase/admin'
import { GET, POST } from '@/app/api/cron/deliveries/route'
import { runDeliveries } from './run-deliveries'
import { POST as oneClick } from '@/app/api/unsubscribe/route'

let stack: Stack
let mail: MailCatcher
let inbox: ReturnType<typeof mailInbox>
let owner: Owner

const run = async (secret?: string | null) => {
  const response = await GET(cronRequest(secret))
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** An SMTP server that takes `ms` to accept each message, and says to whom they were. */
async function slowSmtpServer(ms: number) {
  const recipients: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      stream.resume()
      stream.on('end', () => setTimeout(() => done(null, void recipients.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address))), ms))
    },
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    recipients,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  }
}

beforeAll(async () => {
  stack = await startActionStack()
  mail = await startMailCatcher({ smtpPort: 0, inboxPort: 0 })
  inbox = mailInbox(mail.inboxUrl)
  process.env.SUPABASE_SECRET_KEY = SECRET_KEY
  process.env.CRON_SECRET = CRON_SECRET
  owner = await ownerWithShop(stack, 'Corner Shop')
  const tea = await addProduct(owner, { name: 'Tea', qty: 20, unit_price: 2.5, unit_cost: 1.1, low_stock_threshold: 2 })
  await addProduct(owner, { name: 'Jam', qty: 1, low_stock_threshold: 3, target_qty: 12 })
  await makeDue(stack, owner.shopId)
  await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -3, p_reason: 'sold' }).throwOnError()
})
afterAll(async () => {
  await mail?.stop()
  await stack?.stop()
})
beforeEach(async () => {
  process.env.SMTP_URL = mail.smtpUrl
  await inbox.clear()
})

describe('the delivery run', () => {
  it('answers 401 without the secret, or with a wrong one, and then queues and sends nothing', async () => {
    for (const secret of [null, 'wrong', CRON_SECRET.slice(0, -1)]) expect((await run(secret)).status).toBe(401)
    expect((await POST(cronRequest(null, 'POST'))).status).toBe(401)
    expect(await deliveriesOf(stack, owner.shopId)).toEqual([])
    expect(await inbox.list()).toEqual([])
  })

  it("sends a due shop's report and its low-stock digest once, with the figures /reports shows for that day", async () => {
    const first = await run()
    expect(first).toMatchObject({ status: 200, body: { queuedShops: 1, sent: 2, failed: 0, retrying: 0, timedOut: false } })
    const rows = await deliveriesOf(stack, owner.shopId)
    const day = rows[0]!.local_date
    expect(rows).toEqual([
      { kind: 'daily_report', local_date: day, channel: 'email', recipient: owner.email, status: 'sent', attempts: 1, last_error: null },
      { kind: 'low_stock_digest', local_date: day, channel: 'email', recipient: owner.email, status: 'sent', attempts: 1, last_error: null },
    ])
    const sent = await inbox.list()
    expect(sent.map((message) => message.To[0]!.Address)).toEqual([owner.email, owner.email])
    const report = sent.find((message) => message.Subject.startsWith('Corner Shop: ShelfSnap report for'))!
    const { Text, HTML } = await inbox.message(report.ID)
    await signInAs(owner)
    const shown = await getShopReport(owner.client, { range: 'custom', from: day, to: day })
    if (!shown?.ok) throw new Error('no report')
    for (const row of figureRows(shown.report)) expect(Text).toContain(`${row.label}: ${formatFigure(row, 'GBP')}`)
    expect(Text).toContain('Units sold: 3')
    expect(Text).toContain('Jam: 1 in stock, order 11')
    expect(HTML).toContain(`href="http://localhost:3000/reports?range=custom&amp;from=${day}&amp;to=${day}"`)
    const digest = sent.find((message) => message.Subject === 'Corner Shop: 1 product low on stock')!
    expect((await inbox.message(digest.ID)).Text).toContain('Jam: 1 in stock, order 11')

    // the next run, and one after it, find nothing due: nothing is sent twice
    await inbox.clear()
    expect((await run()).body).toMatchObject({ queuedShops: 0, sent: 0 })
    expect(await inbox.list()).toEqual([])
  })

  it('puts one-click unsubscribe (RFC 8058) on every report email, and it works without signing in', async () => {
    const rival = await ownerWithShop(stack, 'Rival Shop')
    await makeDue(stack, rival.shopId)
    await run()
    const [message] = await inbox.list()
    const headers = await inbox.headers(message!.ID)
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click'])
    const url = /^<(http:\/\/localhost:3000\/api\/unsubscribe\?token=[\w.-]+)>$/.exec(headers['List-Unsubscribe']![0]!)![1]!
    expect((await inbox.message(message!.ID)).Text).toContain(url.replace('/api/unsubscribe', '/unsubscribe'))

    const forged = await oneClick(new Request(`${url.slice(0, -3)}abc`, { method: 'POST', body: 'List-Unsubscribe=One-Click' }))
    expect(forged.status).toBe(400)
    const response = await oneClick(new Request(url, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }))
    expect([response.status, await response.text()]).toEqual([200, `Unsubscribed: ${rival.email} gets no more reports from Rival Shop.`])
    const { rows } = await stack.db.query<{ owner_email: boolean }>('select owner_email from public.shops where id = $1', [rival.shopId])
    expect(rows).toEqual([{ owner_email: false }])

    // the next report sends the rival nothing
    await stack.db.query('delete from public.deliveries where shop_id = $1', [rival.shopId])
    await makeDue(stack, rival.shopId)
    expect((await run()).body).toMatchObject({ queuedShops: 1, sent: 0 })
  })

  it('says what is on order, and skips the digest when everything low is on order with nothing more to order', async () => {
    const deli = await ownerWithShop(stack, 'Deli')
    const olives = await addProduct(deli, { name: 'Olives', qty: 1, low_stock_threshold: 3 })
    const { data: supplier } = await deli.client.from('suppliers').insert({ shop_id: deli.shopId, name: 'Olive Grove' }).select('id').single().throwOnError()
    // 1 on the shelf and 3 coming: above its low-stock level of 3 once delivered, so nothing more to order
    await deli.client.rpc('create_purchase_order', { p_supplier_id: supplier.id, p_lines: [{ product_id: olives, packs: 3 }] }).throwOnError()
    await makeDue(stack, deli.shopId)
    expect((await run()).body).toMatchObject({ queuedShops: 1, sent: 1 })
    const [report] = await inbox.list()
    expect((await inbox.message(report!.ID)).Text).toContain('Olives: 1 in stock, 3 on order')
    expect((await deliveriesOf(stack, deli.shopId)).find((row) => row.kind === 'low_stock_digest')).toMatchObject({
      status: 'skipped',
      last_error: 'Everything low on stock is on order',
    })
  })

  it('sends only to confirmed recipients who have not unsubscribed', async () => {
    const shop = await ownerWithShop(stack, 'Bakery')
    await stack.db.query(
      `insert into public.report_recipients (shop_id, channel, address, confirmed_at, unsubscribed_at) values
         ($1, 'email', 'waiting@example.com', null, null),
         ($1, 'email', 'friend@example.com', now(), null),
         ($1, 'email', 'gone@example.com', now(), now())`,
      [shop.shopId],
    )
    await makeDue(stack, shop.shopId)
    await run()
    const to = (await inbox.list()).map((message) => message.To[0]!.Address).sort()
    expect(to).toEqual(['friend@example.com', shop.email].sort())
    // nothing was low: the digest is skipped and says why, and no email went
    expect((await deliveriesOf(stack, shop.shopId)).filter((row) => row.kind === 'low_stock_digest')).toEqual([
      expect.objectContaining({ recipient: 'friend@example.com', status: 'skipped', last_error: 'Nothing was low on stock' }),
      expect.objectContaining({ recipient: shop.email, status: 'skipped', last_error: 'Nothing was low on stock' }),
    ])

    // the unsubscribe page's button (the link in the email body), without signing in
    signOutEveryone()
    const friendMail = (await inbox.list()).find((message) => message.To[0]!.Address === 'friend@example.com')!
    const token = /\/unsubscribe\?token=([\w.-]+)/.exec((await inbox.message(friendMail.ID)).Text)![1]!
    expect(await unsubscribeAction(idle, formData({ token: `${token}x` }))).toEqual({ ok: false, message: BAD_UNSUBSCRIBE_LINK })
    expect(await unsubscribeAction(idle, formData({}))).toMatchObject({ ok: false, message: BAD_UNSUBSCRIBE_LINK })
    expect(await unsubscribeAction(idle, formData({ token }))).toEqual({ ok: true, message: 'Unsubscribed: friend@example.com gets no more reports from Bakery.' })
    const { rows } = await stack.db.query('select unsubscribed_at is not null as gone from public.report_recipients where address = $1', ['friend@example.com'])
    expect(rows).toEqual([{ gone: true }])
  })

  it('retries a send the mail server could not take on later runs, up to 3 attempts, and never sends one twice', async () => {
    const shop = await ownerWithShop(stack, 'Deli')
    const down = await ownerWithShop(stack, 'Florist')
    await stack.db.query('update public.shops set low_stock_digest = false where id in ($1, $2)', [shop.shopId, down.shopId])
    await makeDue(stack, shop.shopId)
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'
    expect((await run()).body).toMatchObject({ queuedShops: 1, sent: 0, retrying: 1 })
    const [waiting] = await deliveriesOf(stack, shop.shopId)
    expect(waiting).toMatchObject({ kind: 'daily_report', status: 'pending', attempts: 1 })
    expect(waiting!.last_error).toMatch(/^The mail server could not be reached \(.*ECONNREFUSED/)
    // not again in the same hour's runs: a failure waits out its back-off
    expect((await run()).body).toMatchObject({ sent: 0, retrying: 0 })

    process.env.SMTP_URL = mail.smtpUrl
    await backOffPassed(stack, shop.shopId)
    expect((await run()).body).toMatchObject({ queuedShops: 0, sent: 1 })
    expect(await deliveriesOf(stack, shop.shopId)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2, last_error: null })])
    expect((await run()).body).toMatchObject({ sent: 0 })
    expect((await inbox.list()).map((message) => message.To[0]!.Address)).toEqual([shop.email])

    await inbox.clear()
    await makeDue(stack, down.shopId)
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'
    for (const attempts of [1, 2]) {
      await run()
      await backOffPassed(stack, down.shopId)
      expect(await deliveriesOf(stack, down.shopId)).toEqual([expect.objectContaining({ status: 'pending', attempts })])
    }
    expect((await run()).body).toMatchObject({ failed: 1, failures: [{ recipient: down.email, reason: expect.stringMatching(/could not be reached/) }] })
    expect(await deliveriesOf(stack, down.shopId)).toEqual([expect.objectContaining({ status: 'failed', attempts: 3 })])
    process.env.SMTP_URL = mail.smtpUrl
    expect((await run()).body).toMatchObject({ sent: 0 })
    expect(await inbox.list()).toEqual([])
  })

  it('sends each report once when two runs overlap', async () => {
    const shops = await Promise.all(Array.from({ length: 8 }, (_, i) => ownerWithShop(stack, `Shop ${i + 1}`)))
    for (const shop of shops) await makeDue(stack, shop.shopId)
    const [a, b] = await Promise.all([run(), run()])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(Number(a.body.queuedShops) + Number(b.body.queuedShops)).toBe(8)
    expect(Number(a.body.sent) + Number(b.body.sent)).toBe(8)
    const to = (await inbox.list()).map((message) => message.To[0]!.Address).sort()
    expect(to).toEqual(shops.map((shop) => shop.email).sort())
  })

  it('stops a run that runs out of time cleanly: unsent claims go back as they were, and the next run sends them once', async () => {
    const shops = await Promise.all(Array.from({ length: 6 }, (_, i) => ownerWithShop(stack, `Late ${i + 1}`)))
    for (const shop of shops) {
      await stack.db.query('update public.shops set low_stock_digest = false where id = $1', [shop.shopId])
      await makeDue(stack, shop.shopId)
    }
    const admin = createAdminClient()
    // a mail server that takes 1.2 s a message, and a run that may start sends for 1.5 s: time for the
    // claims and a first send even on a busy machine (400 ms was not, under three test runs on two cores)
    const slow = await slowSmtpServer(1200)
    process.env.SMTP_URL = slow.url
    const first = await runDeliveries(admin, { origin: 'http://localhost:3000', deadline: Date.now() + 1500, concurrency: 1 })
    await slow.stop()
    expect(first).toMatchObject({ queuedShops: 6, timedOut: true, failed: 0, retrying: 0 })
    expect(first.sent).toBeGreaterThanOrEqual(1)
    expect(first.sent).toBeLessThanOrEqual(2)
    expect(first.released).toBe(6 - first.sent)
    const { rows } = await stack.db.query<{ status: string; attempts: number; n: number }>(
      `select status, attempts, count(*)::int as n from public.deliveries where shop_id = any($1) group by 1, 2 order by 1`,
      [shops.map((shop) => shop.shopId)],
    )
    // nothing is left claimed, and what was put back has had no attempt
    expect(rows).toEqual([
      ...(first.sent < 6 ? [{ status: 'pending', attempts: 0, n: 6 - first.sent }] : []),
      ...(first.sent > 0 ? [{ status: 'sent', attempts: 1, n: first.sent }] : []),
    ])
    process.env.SMTP_URL = mail.smtpUrl
    const second = await runDeliveries(admin, { origin: 'http://localhost:3000', deadline: Date.now() + 30_000 })
    expect(second).toMatchObject({ queuedShops: 0, sent: 6 - first.sent, timedOut: false })
    const to = [...slow.recipients, ...(await inbox.list()).map((message) => message.To[0]!.Address)].sort()
    expect(to).toEqual(shops.map((shop) => shop.email).sort())
  })
})
