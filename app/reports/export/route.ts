import { shopReportCsv, shopReportFileName } from '@/lib/csv/shop-report'
import { getShopReport } from '@/lib/data/reports'
import { exportRefusal, sessionEnded } from '@/lib/http/export-refusal'
import { readPeriod } from '@/lib/reports/period'
import { createClient } from '@/lib/supabase/server'

/** GET /reports/export?range=…&from=…&to=…: the report /reports shows for the same address, as CSV. */
export async function GET(request: Request) {
  const supabase = await createClient()
  // getClaims() verifies the token; the report itself is read under RLS as this user.
  const { data } = await supabase.auth.getClaims()
  if (!data?.claims) return new Response('Sign in to export your report', { status: 401 })
  const read = readPeriod(Object.fromEntries(new URL(request.url).searchParams))
  if (!read.ok) return new Response(Object.values(read.fieldErrors).join('. '), { status: 400 })
  let result
  try {
    result = await getShopReport(supabase, read.request)
  } catch (error) {
    const ended = await sessionEnded(supabase)
    if (ended) return ended
    throw error
  }
  if (!result) return exportRefusal(supabase, 'reports')
  if (!result.ok) return new Response(result.message, { status: 400 })
  const { report } = result
  return new Response(shopReportCsv(report), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${shopReportFileName(report.from, report.to)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
