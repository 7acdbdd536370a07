import { shopReportCsv } from '@/lib/csv/shop-report'
import { findFeed } from '@/lib/data/report-feeds'
import { getShopReport } from '@/lib/data/reports'
import { rateLimiter } from '@/lib/http/rate-limit'
import { createAdminClient } from '@/lib/supabase/admin'
import { callFailure } from '@/lib/supabase/deadline-fetch'
import { productCsvStream } from '@/lib/workflows/product-csv-stream'

const FEED_REQUESTS_PER_MINUTE = 30
const limit = rateLimiter({ max: FEED_REQUESTS_PER_MINUTE, windowMs: 60_000 })

// Plain CSV without a BOM (IMPORTDATA shows one as text), never cached, never indexed.
const CSV_HEADERS = { 'Content-Type': 'text/csv; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }
const text = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })

/**
 * GET /feeds/:token/report.csv (today's report) and /feeds/:token/stock.csv (the stock list),
 * for Google Sheets' =IMPORTDATA(url): the secret token is the only key, so no cookie is needed.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string; file: string }> }) {
  const { token, file } = await params
  if (file !== 'report.csv' && file !== 'stock.csv') return text(404, 'No such feed')
  if (!limit.allow(token)) return text(429, `Too many requests: a feed answers ${FEED_REQUESTS_PER_MINUTE} times a minute`, { 'Retry-After': '60' })
  const admin = createAdminClient()
  const feed = await findFeed(admin, token)
  if (!feed) return text(404, 'No such feed')
  // the link is right: say why it answers no figures (a wrong link reads the same as a feed switched off otherwise)
  if (!feed.on) return text(403, 'This ShelfSnap feed is switched off. Tick "Google Sheets feed" under Settings, Reports and alerts, to have it answer again.')
  const { shopId } = feed
  if (file === 'report.csv') {
    const result = await getShopReport(admin, { range: 'today' }, shopId)
    if (!result?.ok) return text(404, 'No such feed')
    return new Response(shopReportCsv(result.report, { bom: false }), { headers: CSV_HEADERS })
  }
  const { data: shop, error } = await admin.from('shops').select('id, currency').eq('id', shopId).single()
  if (error) throw callFailure(error)
  return new Response(productCsvStream(admin, shop), { headers: CSV_HEADERS })
}
