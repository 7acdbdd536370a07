// "Email me" on /reports against a real stack and the real mail catcher over
// SMTP: the email the owner gets holds the figures the report shows for the
// same days, in the same words, and goes only to their own confirmed address.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, signOutEveryone, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { startMailCatcher, type MailCatcher } from '@/supabase/local/mail/mail-catcher'
import type { Stack } from '@/supabase/local/stack'
import { getShopReport } from '@/lib/data/reports'
import { formatMoney } from '@/lib/format/money'
import { figureRows } from '@/lib/reports/figure-rows'
import { emailReport } from './email-report'
import { tryDemo } from './try-demo'

let stack: Stack
let mail: MailCatcher
let owner: Owner

const inbox = async () => {
  const res = await fetch(`${mail.inboxUrl}/api/v1/messages`)
  return ((await res.json()) as { messages: { ID: string; To: { Address: string }[]; Subject: string }[] }).messages
}
const message = async (id: string) => (await (await fetch(`${mail.inboxUrl}/api/v1/message/${id}`)).json()) as { Text: string; HTML: string }

beforeAll(async () => {
  stack = await startActionStack()
  mail = await startMailCatcher({ smtpPort: 0, inboxPort: 0 })
  owner = await ownerWithShop(stack, 'Corner Shop')
  const tea = await addProduct(owner, { name: 'Tea', qty: 20, unit_price: 2.5, unit_cost: 1.1, low_stock_threshold: 2 })
  await addProduct(owner, { name: 'Jam', qty: 1, low_stock_threshold: 3, target_qty: 12 })
  await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -3, p_reason: 'sold' }).throwOnError()
  await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: 6, p_reason: 'received' }).throwOnError()
})
afterAll(async () => {
  await mail?.stop()
  await stack?.stop()
})
beforeEach(async () => {
  process.env.SMTP_URL = mail.smtpUrl
  await fetch(`${mail.inboxUrl}/api/v1/messages`, { method: 'DELETE' })
  await signInAs(owner)
})

describe('emailReport', () => {
  it("sends today's report to the owner's own address, with the figures /reports shows and a link to it", async () => {
    const result = await emailReport(idle, formData({ range: 'today' }))
    expect(result).toEqual({ ok: true, message: `Report sent to ${owner.email}` })
    const [sent] = await inbox()
    expect(sent!.To).toEqual([{ Name: '', Address: owner.email }])
    const shown = await getShopReport(owner.client, { range: 'today' })
    if (!shown?.ok) throw new Error('no report')
    expect(sent!.Subject).toMatch(/^Corner Shop: ShelfSnap report for \w{3} \d{1,2} \w{3} \d{4}$/)
    const { Text, HTML } = await message(sent!.ID)
    // every figure of the report, as the page words and formats it, is in both parts
    for (const row of figureRows(shown.report)) {
      const value = row.kind === 'money' ? formatMoney(row.value, 'GBP') : String(row.value)
      expect(Text).toContain(`${row.label}: ${value}`)
      expect(HTML).toContain(`${row.label}: <strong>${value}</strong>`)
    }
    expect(Text).toContain('Units sold: 3')
    expect(Text).toContain('Sales value: £7.50')
    // the low-stock list with what to order
    expect(Text).toContain('Jam: 1 in stock, order 11')
    const day = shown.report.to
    expect(HTML).toContain(`href="http://localhost:3000/reports?range=custom&amp;from=${day}&amp;to=${day}"`)
  })

  it('says what is already on order beside what is low, and orders only the rest', async () => {
    const { data: jam } = await owner.client.from('products').select('id').eq('name', 'Jam').single().throwOnError()
    const { data: supplier } = await owner.client.from('suppliers').insert({ shop_id: owner.shopId, name: 'Jam Co' }).select('id').single().throwOnError()
    const { data: order } = await owner.client
      .rpc('create_purchase_order', { p_supplier_id: supplier.id, p_lines: [{ product_id: jam.id, packs: 1 }] })
      .single<{ id: string }>()
      .throwOnError()
    try {
      expect(await emailReport(idle, formData({ range: 'today' }))).toMatchObject({ ok: true })
      const [sent] = await inbox()
      // 1 + 1 coming is still at or below its low-stock level of 3: up to its target of 12
      expect((await message(sent!.ID)).Text).toContain('Jam: 1 in stock, 1 on order, order 10 more')
    } finally {
      await owner.client.rpc('set_purchase_order_status', { p_purchase_order_id: order.id, p_status: 'cancelled' }).throwOnError()
    }
  })

  it('sends nothing and says why: a bad range, no email server, a refusing server, no user, a visitor without an address', async () => {
    expect(await emailReport(idle, formData({ range: 'custom', from: '2026-11-02', to: '2026-11-01' }))).toMatchObject({
      ok: false,
      message: 'The end date is before the start date',
    })
    delete process.env.SMTP_URL
    expect(await emailReport(idle, formData({ range: 'today' }))).toEqual({ ok: false, message: 'Email is not set up on this server' })
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'
    expect(await emailReport(idle, formData({ range: 'today' }))).toEqual({ ok: false, message: 'The email could not be sent. Try again in a minute.' })
    process.env.SMTP_URL = mail.smtpUrl

    signOutEveryone()
    expect(await emailReport(idle, formData({ range: 'today' }))).toEqual({ ok: false, message: 'No user found' })
    // a visitor trying the demo has a shop and a report, and no address of their own
    expect(await tryDemo(idle, formData({}))).toEqual({ ok: true })
    expect(await emailReport(idle, formData({ range: 'today' }))).toEqual({
      ok: false,
      message: 'Add an email address to your account to get reports by email',
    })
    expect(await inbox()).toEqual([])
  })
})
