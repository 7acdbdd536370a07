import { dayReportCsv, dayReportFileName } from '@/lib/csv/day-report'
import { getDayReport } from '@/lib/data/dashboard'
import { exportRefusal } from '@/lib/http/export-refusal'
import { createClient } from '@/lib/supabase/server'

/** GET /dashboard/report: today's stock report (the shop's day) as CSV. */
export async function GET() {
  const supabase = await createClient()
  // getClaims() verifies the token; the report itself is read under RLS as this user.
  const { data } = await supabase.auth.getClaims()
  if (!data?.claims) return new Response('Sign in to export your report', { status: 401 })
  const report = await getDayReport(supabase)
  if (!report) return exportRefusal(supabase, 'reports')
  return new Response(dayReportCsv(report), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${dayReportFileName(report.date)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
