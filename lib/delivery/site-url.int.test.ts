// The links in emailed reports, against a real stack and the real mail catcher:
// under `next start` a request's URL carries the server's own address (the cron
// called at 127.0.0.1 emailed http://localhost links), so in production scheduled
// sends need SITE_URL. Without it a run sends nothing, logs why and Settings tells
// the owner; with it every link in the email is SITE_URL's.
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { signInAs, startActionStack } from '@/test/support/action-test-harness'
import { ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { CRON_SECRET, deliveriesOf, makeDue } from '@/test/support/delivery-test-kit'
import { mailInbox } from '@/test/support/mail-inbox'
import { SECRET_KEY } from '@/supabase/local/config'
import { startMailCatcher, type MailCatcher } from '@/supabase/local/mail/mail-catcher'
import type { Stack } from '@/supabase/local/stack'
import { GET as cron } from '@/app/api/cron/deliveries/route'
import SettingsPage from '@/app/settings/page'
import { SCHEDULED_SENDS_BLOCKED, SCHEDULED_SENDS_BLOCKED_LOG } from './site-url'

let stack: Stack
let mail: MailCatcher
let inbox: ReturnType<typeof mailInbox>
let owner: Owner

// the cron as pg_cron or a load balancer calls it: at the server's own address
const cronAt = (origin: string) => cron(new Request(`${origin}/api/cron/deliveries`, { headers: { Authorization: `Bearer ${CRON_SECRET}` } }))
const settingsHtml = async () => renderToStaticMarkup(await SettingsPage())

beforeAll(async () => {
  stack = await startActionStack()
  mail = await startMailCatcher({ smtpPort: 0, inboxPort: 0 })
  inbox = mailInbox(mail.inboxUrl)
  Object.assign(process.env, { SUPABASE_SECRET_KEY: SECRET_KEY, CRON_SECRET, SMTP_URL: mail.smtpUrl, MAIL_FROM: 'ShelfSnap <reports@shelfsnap.test>' })
  owner = await ownerWithShop(stack, 'Corner Shop')
  await signInAs(owner)
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})
afterAll(async () => {
  await mail?.stop()
  await stack?.stop()
})

describe('SITE_URL and scheduled reports', () => {
  it('in production without SITE_URL, sends and queues nothing, logs why, and Settings tells the owner', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    vi.stubEnv('SITE_URL', '')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await makeDue(stack, owner.shopId)
    const response = await cronAt('http://127.0.0.1:3301')
    expect([response.status, await response.json()]).toEqual([503, { error: SCHEDULED_SENDS_BLOCKED_LOG }])
    expect(logged).toHaveBeenCalledWith(SCHEDULED_SENDS_BLOCKED_LOG)
    expect(await deliveriesOf(stack, owner.shopId)).toEqual([])
    expect(await inbox.list()).toEqual([])
    // the shop is still due: once SITE_URL is set, the next run sends its report
    const { rows } = await stack.db.query<{ due: boolean }>('select next_report_at <= now() as due from public.shops where id = $1', [owner.shopId])
    expect(rows[0]!.due).toBe(true)

    const html = await settingsHtml()
    expect(html).toContain(SCHEDULED_SENDS_BLOCKED)
    expect(SCHEDULED_SENDS_BLOCKED).not.toMatch(/SITE_URL/)
    vi.stubEnv('SITE_URL', 'not a url')
    expect((await cronAt('http://127.0.0.1:3301')).status).toBe(503)
  })

  it("takes every link in the emailed report from SITE_URL, not the address the cron was called at", async () => {
    vi.stubEnv('NODE_ENV', 'production')
    vi.stubEnv('SITE_URL', 'https://shop.example.com/')
    await makeDue(stack, owner.shopId)
    const response = await cronAt('http://127.0.0.1:3301')
    expect(await response.json()).toMatchObject({ queuedShops: 1, sent: 1 })
    const [message] = await inbox.list()
    const { HTML, Text } = await inbox.message(message!.ID)
    const headers = await inbox.headers(message!.ID)
    const links = [...`${HTML} ${Text} ${headers['List-Unsubscribe']}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map(([link]) => link)
    const ours = links.filter((link) => /\/(reports|unsubscribe|api\/unsubscribe|app\/reorder)\b/.test(link))
    expect(ours.length).toBeGreaterThanOrEqual(3)
    for (const link of ours) expect(link).toMatch(/^https:\/\/shop\.example\.com\//)
    expect(links.filter((link) => /localhost|127\.0\.0\.1/.test(link))).toEqual([])
    expect(await settingsHtml()).not.toContain('Scheduled reports are not going out')
  })
})
