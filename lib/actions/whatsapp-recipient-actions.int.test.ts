// WhatsApp numbers in Settings against a real stack and a local fake of Meta's Graph
// API: a number is read as written in the shop's country, gets a code by template
// message and no report until the person at that number has opted in (the owner types
// the code, or they reply by WhatsApp, seen by the signed webhook). Codes are hashed,
// expire and allow 5 tries; another owner can do none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { CRON_SECRET } from '@/test/support/delivery-test-kit'
import { FAKE_APP_SECRET, fakeWhatsAppEnv, inboundWebhook, startFakeWhatsAppGraph, webhookRequest } from '@/test/support/fake-whatsapp-graph'
import { SECRET_KEY } from '@/supabase/local/config'
import type { Stack } from '@/supabase/local/stack'
import { POST as webhook } from '@/app/api/whatsapp/webhook/route'
import { saveChannels, sendTestReportNow } from './delivery-settings-actions'
import { resendRecipientConfirmation } from './recipient-actions'
import { addWhatsAppRecipient, confirmWhatsAppRecipient } from './whatsapp-recipient-actions'

const APP_SECRET = FAKE_APP_SECRET

let stack: Stack
let graph: Awaited<ReturnType<typeof startFakeWhatsAppGraph>>
let owner: Owner
let rival: Owner

const stored = async (address: string) =>
  (
    await stack.db.query<{ id: string; address: string; confirmed: boolean; opt_in_attempts: number }>(
      `select id, address, confirmed_at is not null as confirmed, opt_in_attempts from public.report_recipients where shop_id = $1 and address = $2`,
      [owner.shopId, address],
    )
  ).rows[0]
/** The last opt-in message the fake got for a number: its code and wamid. */
const optIn = (digits: string) => {
  const sent = graph.sent.filter((request) => request.body.to === digits && request.body.template.name === 'report_opt_in').at(-1)!
  const [shopName, code] = sent.body.template.components[0]!.parameters.map((parameter) => parameter.text)
  return { shopName, code: code!, id: sent.id! }
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const post = ({ body, signature }: { body: string; signature?: string }) =>
  webhook(webhookRequest(body, signature))
const reportsTo = async (address: string) =>
  (await stack.db.query(`select 1 from public.deliveries where shop_id = $1 and channel = 'whatsapp' and recipient = $2`, [owner.shopId, address])).rows.length

beforeAll(async () => {
  stack = await startActionStack()
  graph = await startFakeWhatsAppGraph()
  Object.assign(process.env, {
    SUPABASE_SECRET_KEY: SECRET_KEY,
    CRON_SECRET,
    ...fakeWhatsAppEnv(graph.apiUrl),
  })
  delete process.env.SMTP_URL
  owner = await ownerWithShop(stack, 'Corner Shop')
  rival = await ownerWithShop(stack, 'Rival Shop')
  // a London shop counting in pounds
  await stack.db.query(`update public.shops set timezone = 'Europe/London', currency = 'GBP', email_report = false, low_stock_digest = false where id = $1`, [owner.shopId])
  await signInAs(owner)
  expect(await saveChannels(idle, formData({ whatsapp_report: 'on' }))).toMatchObject({ ok: true })
})
afterAll(async () => {
  await graph?.stop()
  await stack?.stop()
})

describe('a WhatsApp number in Settings', () => {
  it('reads a UK number as written in a UK shop, stores it in E.164, and sends it a code, not a report', async () => {
    expect(await addWhatsAppRecipient(idle, formData({ phone: '07911 123456' }))).toEqual({
      ok: true,
      message: 'We sent a code to +447911123456 by WhatsApp. Reports go there once you type that code in here, or they reply to our message.',
    })
    expect(await stored('+447911123456')).toMatchObject({ confirmed: false })
    const { shopName, code } = optIn('447911123456')
    expect([shopName, code]).toEqual(['Corner Shop', expect.stringMatching(/^\d{6}$/)])
    // a number from abroad with its country code; something that is no number
    expect(await addWhatsAppRecipient(idle, formData({ phone: '+91 98765 43210' }))).toMatchObject({ ok: true })
    expect(await stored('+919876543210')).toMatchObject({ confirmed: false })
    const hint = 'Enter a WhatsApp number, like 07400 123456, or +44 7400 123456 for a number in another country'
    expect(await addWhatsAppRecipient(idle, formData({ phone: '0791 1234' }))).toEqual({ ok: false, message: hint, fieldErrors: { phone: [hint] } })

    // waiting numbers get no report, not even a test one
    expect(await sendTestReportNow(idle, formData({}))).toMatchObject({ ok: false, message: 'Nobody to send to: confirm your email address or add a recipient' })
    expect(await reportsTo('+447911123456')).toBe(0)
    expect(graph.sent.filter((request) => request.body.template.name === 'daily_report')).toEqual([])
  })

  it('confirms a number only with its code: 5 wrong tries lock it, a new code starts again, and then it gets reports', async () => {
    const { id } = (await stored('+447911123456'))!
    const { code } = optIn('447911123456')
    expect(await confirmWhatsAppRecipient(idle, formData({ id, code: otherCode(code) }))).toEqual({
      ok: false,
      message: 'That is not the code we sent. Check it and try again.',
      fieldErrors: { code: ['That is not the code we sent. Check it and try again.'] },
    })
    for (let i = 0; i < 3; i += 1) await confirmWhatsAppRecipient(idle, formData({ id, code: otherCode(code) }))
    expect(await confirmWhatsAppRecipient(idle, formData({ id, code: otherCode(code) }))).toMatchObject({ ok: false, message: 'Too many wrong codes: press "Send a new code".' })
    // locked: even the right code is refused now
    expect(await confirmWhatsAppRecipient(idle, formData({ id, code }))).toMatchObject({ ok: false, message: 'Too many wrong codes: press "Send a new code".' })
    expect(await stored('+447911123456')).toMatchObject({ confirmed: false, opt_in_attempts: 5 })

    expect(await resendRecipientConfirmation(idle, formData({ id }))).toEqual({ ok: false, message: 'A confirmation was sent less than a minute ago' })
    await stack.db.query(`update public.report_recipients set confirm_sent_at = now() - interval '2 minutes' where id = $1`, [id])
    expect(await resendRecipientConfirmation(idle, formData({ id }))).toMatchObject({ ok: true, message: expect.stringMatching(/^We sent a code to \+447911123456/) })
    const fresh = optIn('447911123456').code
    if (fresh !== code) expect(await confirmWhatsAppRecipient(idle, formData({ id, code }))).toMatchObject({ ok: false })
    expect(await confirmWhatsAppRecipient(idle, formData({ id, code: ` ${fresh.slice(0, 3)} ${fresh.slice(3)} ` }))).toEqual({
      ok: true,
      message: 'Number confirmed: it gets the daily report by WhatsApp',
    })
    expect(await stored('+447911123456')).toMatchObject({ confirmed: true })

    expect(await sendTestReportNow(idle, formData({}))).toEqual({ ok: true, message: 'Test report sent to 1 recipient' })
    expect(graph.sent.filter((request) => request.body.template.name === 'daily_report').map((request) => request.body.to)).toEqual(['447911123456'])
  })

  it('refuses an expired code', async () => {
    const { id } = (await stored('+919876543210'))!
    const { code } = optIn('919876543210')
    await stack.db.query(`update public.report_recipients set opt_in_expires_at = now() - interval '1 second' where id = $1`, [id])
    expect(await confirmWhatsAppRecipient(idle, formData({ id, code }))).toMatchObject({ ok: false, message: 'That code has expired: press "Send a new code".' })
    expect(await stored('+919876543210')).toMatchObject({ confirmed: false })
  })
})

describe('an opt-in by WhatsApp, seen by the signed webhook', () => {
  it('confirms a number that taps the button on (or replies to) its opt-in message', async () => {
    await addWhatsAppRecipient(idle, formData({ phone: '07700 123456' }))
    const { id: wamid } = optIn('447700123456')
    // a message from that number that is not a reply to ours, and one unsigned, confirm nothing
    expect((await post(inboundWebhook({ from: '447700123456', text: 'who is this?' }, APP_SECRET))).status).toBe(200)
    const unsigned = inboundWebhook({ from: '447700123456', button: 'Yes, send me reports', replyTo: wamid }, APP_SECRET)
    expect((await post({ body: unsigned.body })).status).toBe(401)
    expect((await post({ body: unsigned.body, signature: inboundWebhook({ from: '1', text: '' }, 'another-secret').signature })).status).toBe(401)
    // the reply must come from the number itself
    expect((await post(inboundWebhook({ from: '447700999888', button: 'Yes, send me reports', replyTo: wamid }, APP_SECRET))).status).toBe(200)
    expect(await stored('+447700123456')).toMatchObject({ confirmed: false })

    expect((await post(inboundWebhook({ from: '447700123456', button: 'Yes, send me reports', replyTo: wamid }, APP_SECRET))).status).toBe(200)
    expect(await stored('+447700123456')).toMatchObject({ confirmed: true })
  })

  it('confirms a number that sends its code, and not one that sends another', async () => {
    await addWhatsAppRecipient(idle, formData({ phone: '07800 123456' }))
    const { code } = optIn('447800123456')
    await post(inboundWebhook({ from: '447800123456', text: `My code is ${otherCode(code)}` }, APP_SECRET))
    expect(await stored('+447800123456')).toMatchObject({ confirmed: false })
    await post(inboundWebhook({ from: '447800123456', text: `Yes please: ${code.slice(0, 3)} ${code.slice(3)}` }, APP_SECRET))
    expect(await stored('+447800123456')).toMatchObject({ confirmed: true })
  })
})

describe("another owner and the raw API", () => {
  it('cannot confirm, read the code of, or resend to a number of another shop', async () => {
    await addWhatsAppRecipient(idle, formData({ phone: '07900 123456' }))
    const { id } = (await stored('+447900123456'))!
    const { code } = optIn('447900123456')
    expect((await rival.client.rpc('confirm_whatsapp_code', { p_id: id, p_code: code })).data).toBe('unknown')
    expect((await rival.client.rpc('resend_recipient_confirmation', { p_id: id })).error?.message).toBe('No unconfirmed address to send to')
    expect((await rival.client.rpc('confirm_whatsapp_reply', { p_from: '447900123456', p_context_id: null, p_text: code })).error?.message).toMatch(/permission denied/)
    expect((await owner.client.from('report_recipients').select('opt_in_code_hash')).error?.message).toMatch(/permission denied/)
    expect(await stored('+447900123456')).toMatchObject({ confirmed: false })
    await signInAs(rival)
    expect(await confirmWhatsAppRecipient(idle, formData({ id, code }))).toMatchObject({ ok: false, message: 'No such recipient' })
    await signInAs(owner)
    expect(await confirmWhatsAppRecipient(idle, formData({ id, code: 'abc' }))).toMatchObject({ ok: false, message: 'Enter the 6-digit code' })
    expect(await stored('+447900123456')).toMatchObject({ confirmed: false })
  })
})
