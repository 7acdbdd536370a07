// Settings' delivery actions against a real stack and the real mail catcher over
// SMTP: what the owner saves is what is stored; another email address gets only a
// confirmation until it is confirmed, and then the reports; a server without WhatsApp
// set up refuses it; nobody reads or removes another shop's recipients. (WhatsApp
// numbers and their opt-in: whatsapp-recipient-actions.int.test.ts.)
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { CRON_SECRET, cronRequest, makeDue } from '@/test/support/delivery-test-kit'
import { mailInbox } from '@/test/support/mail-inbox'
import { SECRET_KEY } from '@/supabase/local/config'
import { startMailCatcher, type MailCatcher } from '@/supabase/local/mail/mail-catcher'
import type { Stack } from '@/supabase/local/stack'
import { GET as cron } from '@/app/api/cron/deliveries/route'
import { saveChannels, saveShopSettings } from './delivery-settings-actions'
import { WHATSAPP_UNAVAILABLE } from '@/lib/whatsapp/cloud-api'
import { describeReportRecipient } from '@/lib/data/report-recipients'
import { createAdminClient } from '@/lib/supabase/admin'
import { addEmailRecipient, confirmRecipient, removeRecipient, resendRecipientConfirmation } from './recipient-actions'
import { addWhatsAppRecipient } from './whatsapp-recipient-actions'

let stack: Stack
let mail: MailCatcher
let inbox: ReturnType<typeof mailInbox>
let owner: Owner
let rival: Owner

const recipients = async (shopId: string) =>
  (
    await stack.db.query<{ id: string; channel: string; address: string; confirmed: boolean }>(
      'select id, channel, address, confirmed_at is not null as confirmed from public.report_recipients where shop_id = $1 order by created_at',
      [shopId],
    )
  ).rows
const channels = async () =>
  (await stack.db.query('select email_report, low_stock_digest, whatsapp_report, sheets_feed, owner_email from public.shops where id = $1', [owner.shopId])).rows[0]
const confirmLink = async () => {
  const [message] = await inbox.list()
  const { Text } = await inbox.message(message!.ID)
  return /\/recipients\/confirm\?token=([0-9a-f]{64})/.exec(Text)![1]!
}

beforeAll(async () => {
  stack = await startActionStack()
  mail = await startMailCatcher({ smtpPort: 0, inboxPort: 0 })
  inbox = mailInbox(mail.inboxUrl)
  Object.assign(process.env, { SUPABASE_SECRET_KEY: SECRET_KEY, CRON_SECRET, SMTP_URL: mail.smtpUrl })
  owner = await ownerWithShop(stack, 'Corner Shop')
  rival = await ownerWithShop(stack, 'Rival Shop')
})
afterAll(async () => {
  await mail?.stop()
  await stack?.stop()
})
beforeEach(async () => {
  await inbox.clear()
  await signInAs(owner)
})

describe('shop settings and channels', () => {
  it('stores what the owner saved, and refuses a bad zone or time without changing anything', async () => {
    const saved = await saveShopSettings(idle, formData({ name: 'Corner Shop & Cafe', currency: 'INR', timezone: 'Asia/Kolkata', report_time: '20:30' }))
    expect(saved).toEqual({ ok: true, message: 'Reports will be sent at 20:30 (Asia/Kolkata)' })
    const stored = async () =>
      (await stack.db.query(`select name, currency, timezone, to_char(report_time, 'HH24:MI') as report_time from public.shops where id = $1`, [owner.shopId])).rows[0]
    expect(await stored()).toEqual({ name: 'Corner Shop & Cafe', currency: 'INR', timezone: 'Asia/Kolkata', report_time: '20:30' })
    expect(await saveShopSettings(idle, formData({ name: 'X Shop', currency: 'INR', timezone: 'Mars/Olympus', report_time: '20:30' }))).toMatchObject({
      ok: false,
      fieldErrors: { timezone: ['Choose a time zone from the list'] },
    })
    expect(await saveShopSettings(idle, formData({ name: 'X Shop', currency: 'INR', timezone: 'UTC', report_time: '20:31' }))).toMatchObject({ ok: false })
    expect(await stored()).toMatchObject({ name: 'Corner Shop & Cafe', report_time: '20:30' })
  })

  it('stores the channels as ticked', async () => {
    expect(await saveChannels(idle, formData({ email_report: 'on', owner_email: 'on' }))).toMatchObject({ ok: true })
    expect(await channels()).toEqual({ email_report: true, low_stock_digest: false, whatsapp_report: false, sheets_feed: false, owner_email: true })
    expect(await saveChannels(idle, formData({ email_report: 'on', sheets_feed: 'on', owner_email: 'on' }))).toMatchObject({ ok: true })
    expect(await channels()).toMatchObject({ sheets_feed: true })
    signOutEveryone()
    expect(await saveChannels(idle, formData({}))).toEqual({ ok: false, message: 'No user found' })
  })
})

describe('WhatsApp on a server without it set up', () => {
  it('refuses to switch it on or add a number, in words an owner understands, and stores nothing', async () => {
    const before = await channels()
    expect(await saveChannels(idle, formData({ email_report: 'on', whatsapp_report: 'on', owner_email: 'on' }))).toEqual({
      ok: false,
      message: WHATSAPP_UNAVAILABLE,
      fieldErrors: { whatsapp_report: [WHATSAPP_UNAVAILABLE] },
    })
    expect(WHATSAPP_UNAVAILABLE).not.toMatch(/WHATSAPP_|TOKEN|PHONE_NUMBER_ID/)
    expect(await channels()).toEqual(before)
    expect(await addWhatsAppRecipient(idle, formData({ phone: '+44 7911 123456' }))).toEqual({ ok: false, message: WHATSAPP_UNAVAILABLE })
    expect(await recipients(owner.shopId)).toEqual([])
  })
})

describe('recipients', () => {
  it('sends another address only a confirmation, nothing of the reports, until it is confirmed', async () => {
    expect(await addEmailRecipient(idle, formData({ email: ' Partner@Example.com ' }))).toEqual({
      ok: true,
      message: 'Confirmation sent to partner@example.com: nothing else goes there until it is confirmed',
    })
    const [confirmation] = await inbox.list()
    expect(confirmation).toMatchObject({ Subject: 'Confirm to get ShelfSnap reports from Corner Shop & Cafe', To: [{ Address: 'partner@example.com' }] })
    expect(await recipients(owner.shopId)).toEqual([expect.objectContaining({ address: 'partner@example.com', confirmed: false })])
    const token = await confirmLink()

    // the day's report goes to the owner only
    await inbox.clear()
    await makeDue(stack, owner.shopId)
    await cron(cronRequest())
    expect((await inbox.list()).map((message) => message.To[0]!.Address)).toEqual([owner.email])

    signOutEveryone()
    expect(await confirmRecipient(idle, formData({ token: 'f'.repeat(64) }))).toEqual({
      ok: false,
      message: 'This link has expired or was already used. Ask the shop to send a new one.',
    })
    expect(await confirmRecipient(idle, formData({ token: 'short' }))).toMatchObject({ ok: false, message: 'This link is not complete: copy the whole link from the email' })
    expect(await confirmRecipient(idle, formData({ token }))).toEqual({ ok: true, message: 'You will get ShelfSnap reports from Corner Shop & Cafe at partner@example.com.' })
    // a second press (the link opened again) changes nothing, and says so in the same words
    expect(await confirmRecipient(idle, formData({ token }))).toEqual({ ok: true, message: 'You will get ShelfSnap reports from Corner Shop & Cafe at partner@example.com.' })
    expect(await recipients(owner.shopId)).toEqual([expect.objectContaining({ confirmed: true })])
    const admin = createAdminClient()
    expect(await describeReportRecipient(admin, token)).toEqual({ shop_name: 'Corner Shop & Cafe', address: 'partner@example.com', state: 'confirmed' })
    expect(await describeReportRecipient(admin, 'f'.repeat(64))).toBeNull()
    // an unconfirmed link sent 8 days ago reads expired, and confirms nothing
    await stack.db.query(`update report_recipients set confirmed_at = null, confirm_sent_at = now() - interval '8 days' where shop_id = $1`, [owner.shopId])
    expect(await describeReportRecipient(admin, token)).toMatchObject({ state: 'expired' })
    expect(await confirmRecipient(idle, formData({ token }))).toMatchObject({ ok: false })
    await stack.db.query(`update report_recipients set confirmed_at = now() where shop_id = $1`, [owner.shopId])

    // the next report goes to both
    await inbox.clear()
    await stack.db.query('delete from public.deliveries where shop_id = $1', [owner.shopId])
    await makeDue(stack, owner.shopId)
    await cron(cronRequest())
    expect((await inbox.list()).map((message) => message.To[0]!.Address).sort()).toEqual([owner.email, 'partner@example.com'].sort())
  })

  it('resends a confirmation at most once a minute, and refuses the own address, a repeat and bad input', async () => {
    await addEmailRecipient(idle, formData({ email: 'later@example.com' }))
    const waiting = (await recipients(owner.shopId)).find((row) => row.address === 'later@example.com')!
    expect(await resendRecipientConfirmation(idle, formData({ id: waiting.id }))).toEqual({ ok: false, message: 'A confirmation was sent less than a minute ago' })
    await stack.db.query(`update public.report_recipients set confirm_sent_at = now() - interval '2 minutes' where id = $1`, [waiting.id])
    await inbox.clear()
    expect(await resendRecipientConfirmation(idle, formData({ id: waiting.id }))).toMatchObject({ ok: true })
    expect((await inbox.list()).map((message) => message.To[0]!.Address)).toEqual(['later@example.com'])

    expect(await addEmailRecipient(idle, formData({ email: owner.email.toUpperCase() }))).toMatchObject({
      ok: false,
      message: 'That is your own address: it gets the reports already',
    })
    expect(await addEmailRecipient(idle, formData({ email: 'later@example.com' }))).toMatchObject({ ok: false, message: 'That recipient is already on the list' })
    expect(await addEmailRecipient(idle, formData({ email: 'not-an-address' }))).toMatchObject({ ok: false, message: 'Enter a valid email address' })
    expect(await resendRecipientConfirmation(idle, formData({ id: 'nope' }))).toMatchObject({ ok: false, message: 'No such recipient' })
  })

  it('allows 10 recipients a shop', async () => {
    const count = (await recipients(owner.shopId)).length
    for (let i = count; i < 10; i += 1) await addEmailRecipient(idle, formData({ email: `partner${i}@example.com` }))
    expect(await addEmailRecipient(idle, formData({ email: 'one-more@example.com' }))).toMatchObject({ ok: false, message: 'A shop can have at most 10 recipients' })
  })

  it("never lets another owner read, remove, resend to or add to a shop's recipients through the API", async () => {
    const mine = await recipients(owner.shopId)
    expect((await rival.client.from('report_recipients').select('id, address')).data).toEqual([])
    // nobody reads a confirmation token's hash, not even the owner
    expect((await owner.client.from('report_recipients').select('*')).error?.message).toMatch(/permission denied/)
    const removed = await rival.client.from('report_recipients').delete().eq('id', mine[0]!.id).select('id')
    expect(removed.data).toEqual([])
    const resent = await rival.client.rpc('resend_recipient_confirmation', { p_id: mine[0]!.id })
    expect(resent.error?.message).toBe('No unconfirmed address to send to')
    const inserted = await rival.client.from('report_recipients').insert({ shop_id: owner.shopId, channel: 'email', address: 'spam@example.com', confirmed_at: new Date().toISOString() })
    expect(inserted.error?.message).toMatch(/permission denied/)
    expect((await rival.client.from('deliveries').select('id')).data).toEqual([])
    expect(await recipients(owner.shopId)).toEqual(mine)
  })

  it('removes a recipient of the own shop only', async () => {
    const [first] = await recipients(owner.shopId)
    await signInAs(rival)
    expect(await removeRecipient(idle, formData({ id: first!.id }))).toEqual({ ok: false, message: 'No such recipient' })
    await signInAs(owner)
    expect(await removeRecipient(idle, formData({ id: first!.id }))).toEqual({ ok: true, message: 'Recipient removed' })
    expect((await recipients(owner.shopId)).map((row) => row.id)).not.toContain(first!.id)
  })
})
