// The daily report by WhatsApp, against a real stack and a local fake of Meta's
// Graph API (the only part we cannot reach): a send per number with the day's
// figures, every Graph error a failed delivery with a clear reason (a rate limit
// retried), and the status webhook, signed with the app secret, moving the history on.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { backOffPassed, CRON_SECRET, cronRequest, makeDue } from '@/test/support/delivery-test-kit'
import { FAKE_APP_SECRET, fakeWhatsAppEnv, startFakeWhatsAppGraph, statusWebhook, webhookRequest, type StatusUpdate } from '@/test/support/fake-whatsapp-graph'
import { SECRET_KEY } from '@/supabase/local/config'
import type { Stack } from '@/supabase/local/stack'
import { GET as cron } from '@/app/api/cron/deliveries/route'
import { GET as handshake, POST as webhook } from '@/app/api/whatsapp/webhook/route'

const APP_SECRET = FAKE_APP_SECRET
const OK_NUMBER = '+447700900123'
const NUMBERS = [OK_NUMBER, '+447700900190', '+447700900429', '+447700900026', '+447700900047']

let stack: Stack
let graph: Awaited<ReturnType<typeof startFakeWhatsAppGraph>>
let owner: Owner

const rows = async () =>
  (
    await stack.db.query<{ recipient: string; status: string; attempts: number; last_error: string | null; provider_message_id: string | null }>(
      `select recipient, status, attempts, last_error, provider_message_id from public.deliveries
        where shop_id = $1 and channel = 'whatsapp' order by recipient`,
      [owner.shopId],
    )
  ).rows
const row = async (recipient: string) => (await rows()).find((delivery) => delivery.recipient === recipient)!
const post = (body: string, signature?: string) =>
  webhook(webhookRequest(body, signature))
const statuses = (id: string, status: StatusUpdate['status'], errors?: StatusUpdate['errors']) =>
  statusWebhook([{ id, status, recipient_id: OK_NUMBER.slice(1), ...(errors ? { errors } : {}) }], APP_SECRET)

beforeAll(async () => {
  stack = await startActionStack()
  graph = await startFakeWhatsAppGraph()
  Object.assign(process.env, {
    SUPABASE_SECRET_KEY: SECRET_KEY,
    CRON_SECRET,
    ...fakeWhatsAppEnv(graph.apiUrl),
    WHATSAPP_VERIFY_TOKEN: 'verify-me',
  })
  delete process.env.SMTP_URL
  owner = await ownerWithShop(stack, 'Corner Shop')
  const tea = await addProduct(owner, { name: 'Tea', qty: 20, unit_price: 2.5, unit_cost: 1.1 })
  await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -3, p_reason: 'sold' }).throwOnError()
  await stack.db.query('update public.shops set whatsapp_report = true, email_report = false, low_stock_digest = false where id = $1', [owner.shopId])
  for (const number of NUMBERS) {
    await stack.db.query(`insert into public.report_recipients (shop_id, channel, address, confirmed_at) values ($1, 'whatsapp', $2, now())`, [owner.shopId, number])
  }
  await makeDue(stack, owner.shopId)
})
afterAll(async () => {
  await graph?.stop()
  await stack?.stop()
})

describe('the daily report by WhatsApp', () => {
  it('sends the template with the day’s figures, and ends each Graph error as a failed delivery with a clear reason', async () => {
    const response = await cron(cronRequest())
    expect(await response.json()).toMatchObject({ queuedShops: 1, sent: 1, failed: 3, retrying: 1 })
    const sent = graph.sent.find((request) => request.body.to === OK_NUMBER.slice(1))!
    const [shop, , units, sales, missing, low, link] = sent.body.template.components[0]!.parameters.map((parameter) => parameter.text)
    expect([shop, units, sales, missing, low]).toEqual(['Corner Shop', '3', '£7.50', '0', 'nothing'])
    expect(link).toMatch(/^http:\/\/localhost:3000\/reports\?range=custom&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/)

    expect(await rows()).toEqual([
      { recipient: '+447700900026', status: 'failed', attempts: 1, last_error: 'This number cannot get WhatsApp messages (not on WhatsApp, or an old app)', provider_message_id: null },
      {
        recipient: '+447700900047',
        status: 'failed',
        attempts: 1,
        last_error: "WhatsApp refused it: more than 24 hours since this number last wrote to the shop's number",
        provider_message_id: null,
      },
      { recipient: OK_NUMBER, status: 'sent', attempts: 1, last_error: null, provider_message_id: expect.stringMatching(/^wamid\./) },
      { recipient: '+447700900190', status: 'failed', attempts: 1, last_error: "WhatsApp no longer accepts this server's access: whoever runs your ShelfSnap needs to renew it", provider_message_id: null },
      { recipient: '+447700900429', status: 'pending', attempts: 1, last_error: 'WhatsApp rate limit reached: it will be tried again later', provider_message_id: null },
    ])
  })

  it('retries a rate-limited send on the next runs and shows it failed after 3 attempts', async () => {
    for (const expected of [{ status: 'pending', attempts: 2 }, { status: 'failed', attempts: 3 }]) {
      await backOffPassed(stack, owner.shopId)
      await cron(cronRequest())
      expect(await row('+447700900429')).toMatchObject(expected)
    }
    // only the rate-limited number was tried again
    expect(graph.sent.filter((request) => request.body.to === OK_NUMBER.slice(1))).toHaveLength(1)
  })

  it('moves a sent message on to delivered and read by signed status webhooks, never back', async () => {
    const { provider_message_id: id } = await row(OK_NUMBER)
    for (const status of ['delivered', 'read', 'delivered'] as const) {
      const { body, signature } = statuses(id!, status)
      expect((await post(body, signature)).status).toBe(200)
    }
    expect(await row(OK_NUMBER)).toMatchObject({ status: 'read' })
  })

  it('refuses a webhook without a good signature and changes nothing; ignores what it does not know', async () => {
    const { provider_message_id: id } = await row(OK_NUMBER)
    const { body, signature } = statuses(id!, 'failed', [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'x' } }])
    expect((await post(body)).status).toBe(401)
    expect((await post(body, signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')))).status).toBe(401)
    expect((await post(body, statusWebhook([], 'another-secret').signature)).status).toBe(401)
    expect((await post(`${body} `, signature)).status).toBe(401)
    expect(await row(OK_NUMBER)).toMatchObject({ status: 'read' })

    const broken = 'not json'
    expect((await post(broken, `sha256=${createHmac('sha256', APP_SECRET).update(broken).digest('hex')}`)).status).toBe(400)
    const unknown = statuses('wamid.unknown', 'delivered')
    expect((await post(unknown.body, unknown.signature)).status).toBe(200)
  })

  it('records a failure reported later by webhook, with its reason', async () => {
    await stack.db.query(
      `insert into public.deliveries (shop_id, kind, local_date, channel, recipient, status, attempts, provider_message_id)
       values ($1, 'test_report', current_date, 'whatsapp', '+447700900999', 'sent', 1, 'wamid.later')`,
      [owner.shopId],
    )
    const { body, signature } = statuses('wamid.later', 'failed', [
      { code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' } },
    ])
    expect((await post(body, signature)).status).toBe(200)
    expect(await row('+447700900999')).toMatchObject({ status: 'failed', last_error: 'WhatsApp could not deliver it (131026): Message Undeliverable.' })
  })

  it("answers Meta's subscription handshake only with the verify token", async () => {
    const url = (token: string) => `http://localhost:3000/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`
    const good = handshake(new Request(url('verify-me')))
    expect([good.status, await good.text()]).toEqual([200, '1158201444'])
    expect(handshake(new Request(url('wrong'))).status).toBe(403)
  })
})

