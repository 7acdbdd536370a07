// The Google Sheets feed against a real stack: a secret link made on /settings
// answers plain CSV without a cookie (today's report as /reports has it, and the
// stock list), a new link stops the old one, only a hash is stored, and bad or
// too many requests get 4xx, never a 500.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formData, idle, signInAs, startActionStack } from '@/test/support/action-test-harness'
import { addProduct, ownerWithShop, type Owner } from '@/test/support/catalogue-test-data'
import { csvFields } from '@/test/support/csv-fields'
import { SECRET_KEY } from '@/supabase/local/config'
import type { Stack } from '@/supabase/local/stack'
import { saveChannels } from '@/lib/actions/delivery-settings-actions'
import { makeFeedLink, type FeedActionState } from '@/lib/actions/report-feed-actions'
import { IMPORT_COLUMNS } from '@/lib/csv/product-import'
import { shopReportCsv } from '@/lib/csv/shop-report'
import { getShopReport } from '@/lib/data/reports'
import { GET } from './route'

let stack: Stack
let owner: Owner

const feed = (token: string, file: string) => GET(new Request(`http://localhost:3000/feeds/${token}/${file}`), { params: Promise.resolve({ token, file }) })
async function newLink(): Promise<string> {
  await signInAs(owner)
  const result: FeedActionState = await makeFeedLink(idle, formData({}))
  const token = /\/feeds\/([0-9a-f]{64})\/report\.csv"\)$/.exec(result.formulas?.report ?? '')?.[1]
  if (!token) throw new Error(`no link: ${JSON.stringify(result)}`)
  expect(result.formulas?.stock).toBe(`=IMPORTDATA("http://localhost:3000/feeds/${token}/stock.csv")`)
  return token
}

beforeAll(async () => {
  stack = await startActionStack()
  process.env.SUPABASE_SECRET_KEY = SECRET_KEY
  owner = await ownerWithShop(stack, 'Corner Shop')
  const rival = await ownerWithShop(stack, 'Rival Shop')
  await addProduct(rival, { name: 'Rival secret', sku: 'SECRET', qty: 9 })
  const tea = await addProduct(owner, { name: 'Tea', sku: 'TEA', qty: 20, unit_price: 2.5, unit_cost: 1.1 })
  await addProduct(owner, { name: '=HYPERLINK("x")', sku: 'EVIL', qty: 1, unit_cost: 0.4 })
  await owner.client.rpc('adjust_stock', { p_product_id: tea, p_delta: -3, p_reason: 'sold' }).throwOnError()
})
afterAll(async () => stack?.stop())

describe('the Google Sheets feed', () => {
  it("answers today's report as /reports has it, as plain CSV without a BOM and without a cookie", async () => {
    const token = await newLink()
    const res = await feed(token, 'report.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    const shown = await getShopReport(owner.client, { range: 'today' })
    if (!shown?.ok) throw new Error('no report')
    // the same records as the page's export, but for the title's generation time
    expect(csvFields(text).slice(1)).toEqual(csvFields(shopReportCsv(shown.report, { bom: false })).slice(1))
    expect(text).toContain('Units sold,3,')
    expect(text).toContain('Sales value,7.50,')
  })

  it('answers the stock list with the export columns, formulas neutralised, and nothing of another shop', async () => {
    const token = await newLink()
    const res = await feed(token, 'stock.csv')
    const text = await res.text()
    expect(text.charCodeAt(0)).not.toBe(0xfeff)
    const records = csvFields(text)
    expect(records[0]).toEqual([...IMPORT_COLUMNS])
    expect(records).toHaveLength(3)
    expect(text).toContain(`'=HYPERLINK`)
    expect(text).not.toContain('Rival secret')
  })

  it('stops the old link at once when a new one is made, and keeps only a hash', async () => {
    const old = await newLink()
    const fresh = await newLink()
    expect((await feed(old, 'report.csv')).status).toBe(404)
    expect((await feed(fresh, 'report.csv')).status).toBe(200)
    const { rows } = await stack.db.query<{ token_hash: string }>('select token_hash from report_feeds where shop_id = $1', [owner.shopId])
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(fresh).digest('hex') }])
    const dump = JSON.stringify((await stack.db.query('select * from report_feeds')).rows)
    expect(dump).not.toContain(fresh)
    // the owner sees that a feed exists, never its hash
    expect((await owner.client.from('report_feeds').select('created_at')).data).toHaveLength(1)
    expect((await owner.client.from('report_feeds').select('token_hash')).error?.message).toMatch(/permission denied/)
  })

  it('answers no figures while the owner has the feed switched off in Settings, saying so, and again once it is on', async () => {
    const token = await newLink()
    await signInAs(owner)
    const off = await saveChannels(idle, formData({ email_report: 'on' }))
    expect(off).toEqual({ ok: true, message: 'Delivery settings saved' })
    for (const file of ['report.csv', 'stock.csv']) {
      const response = await feed(token, file)
      expect(response.status).toBe(403)
      expect(await response.text()).toBe('This ShelfSnap feed is switched off. Tick "Google Sheets feed" under Settings, Reports and alerts, to have it answer again.')
    }
    // a wrong link still reads as no feed at all
    expect(await (await feed('0'.repeat(64), 'report.csv')).text()).toBe('No such feed')
    await saveChannels(idle, formData({ email_report: 'on', sheets_feed: 'on' }))
    expect((await feed(token, 'report.csv')).status).toBe(200)
  })

  it('answers an unknown or malformed link, or another file, with 404, and too many requests with 429', async () => {
    const token = await newLink()
    expect((await feed('0'.repeat(64), 'report.csv')).status).toBe(404)
    expect((await feed('not-a-token', 'report.csv')).status).toBe(404)
    expect((await feed(token, 'secrets.csv')).status).toBe(404)
    const hammered = 'f'.repeat(64)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await feed(hammered, 'report.csv')).status)
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true)
    const limited = await feed(hammered, 'report.csv')
    expect([statuses[30], limited.status, limited.headers.get('retry-after')]).toEqual([429, 429, '60'])
    expect(await limited.text()).toBe('Too many requests: a feed answers 30 times a minute')
  })
})
