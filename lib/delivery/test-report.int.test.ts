// "Send a test report now" against a real stack and the real mail catcher over
// SMTP: today's report to the owner and every confirmed recipient, through the
// scheduled sends, recorded in the history, at most once a minute.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { mailInbox } from '@/test/support/mail-inbox'
import { SECRET_KEY } from '@/supabase/local/config'
import { startMailCatcher, type MailCatcher } from '@/supabase/local/mail/mail-catcher'
import type { Stack } from '@/supabase/local/stack'
import { signUpUser } from '@/supabase/local/test/stack-fixture'
import { getShopReport } from '@/lib/data/reports'
import { figureRows, formatFigure } from '@/lib/reports/figure-rows'
import { sendTestReport } from './test-report'

let stack: Stack
let mail: MailCatcher
let inbox: ReturnType<typeof mailInbox>
let owner: Owner

const ORIGIN = 'https://shop.example'
const history = async (shopId: string) =>
  (
    await stack.db.query<{ kind: string; recipient: string; status: string }>(
      'select kind, recipient, status from public.deliveries where shop_id = $1 order by recipient',
      [shopId],
    )
  ).rows
const aMinuteLater = (shopId: string) =>
  stack.db.query(`update public.deliveries set created_at = created_at - interval '61 seconds' where shop_id = $1`, [shopId])

beforeAll(async () => {
  stack = await startActionStack()
  mail = await startMailCatcher({ smtpPort: 0, inboxPort: 0 })
  inbox = mailInbox(mail.inboxUrl)
  process.env.SUPABASE_SECRET_KEY = SECRET_KEY
  owner = await ownerWithShop(stack, 'Corner Shop')
  const tea = await addProduct(owner, { name: 'Tea', qty: 20, unit_price: 2.5, unit_cost: 1.1 })
  await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -4, p_reason: 'sold' }).throwOnError()
  await stack.db.query(
    `insert into public.report_recipients (shop_id, channel, address, confirmed_at) values
       ($1, 'email', 'partner@example.com', now()), ($1, 'email', 'stranger@example.com', null)`,
    [owner.shopId],
  )
})
afterAll(async () => {
  await mail?.stop()
  await stack?.stop()
})
beforeEach(async () => {
  process.env.SMTP_URL = mail.smtpUrl
  await inbox.clear()
})

describe('sendTestReport', () => {
  it("sends today's report to the owner and each confirmed recipient, with the figures /reports shows, and records it", async () => {
    expect(await sendTestReport(owner.client, ORIGIN)).toEqual({ ok: true, message: 'Test report sent to 2 recipients' })
    const sent = await inbox.list()
    expect(sent.map((message) => message.To[0]!.Address).sort()).toEqual([owner.email, 'partner@example.com'].sort())
    const shown = await getShopReport(owner.client, { range: 'today' })
    if (!shown?.ok) throw new Error('no report')
    const { Text } = await inbox.message(sent[0]!.ID)
    for (const row of figureRows(shown.report)) expect(Text).toContain(`${row.label}: ${formatFigure(row, 'GBP')}`)
    expect(Text).toContain('Units sold: 4')
    expect(Text).toContain(`${ORIGIN}/reports?range=custom&from=${shown.report.from}&to=${shown.report.to}`)
    expect(await history(owner.shopId)).toEqual([
      { kind: 'test_report', recipient: 'partner@example.com', status: 'sent' },
      { kind: 'test_report', recipient: owner.email, status: 'sent' },
    ])
  })

  it('refuses a second test within a minute, and sends nothing', async () => {
    expect(await sendTestReport(owner.client, ORIGIN)).toEqual({ ok: false, message: 'A test report was sent less than a minute ago' })
    expect(await inbox.list()).toEqual([])
  })

  it('says what failed when the mail server is down, and leaves the send for the next run to retry', async () => {
    await aMinuteLater(owner.shopId)
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'
    const result = await sendTestReport(owner.client, ORIGIN)
    expect(result.ok).toBe(false)
    expect(result.message).toMatch(/^Sent to 0 of 2 recipients\. .+: The mail server could not be reached/)
    const { rows } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.deliveries where shop_id = $1 and status = 'pending' and attempts = 1`,
      [owner.shopId],
    )
    expect(rows).toEqual([{ n: 2 }])
  })

  it('says so when there is nobody to send to, or no shop', async () => {
    const lonely = await ownerWithShop(stack, 'Lonely Shop')
    await stack.db.query('update public.shops set owner_email = false where id = $1', [lonely.shopId])
    expect(await sendTestReport(lonely.client, ORIGIN)).toEqual({ ok: false, message: 'Nobody to send to: confirm your email address or add a recipient' })
    const shopless = await signUpUser(stack)
    expect(await sendTestReport(shopless.client, ORIGIN)).toEqual({ ok: false, message: 'Create your shop first' })
    expect(await inbox.list()).toEqual([])
  })
})
