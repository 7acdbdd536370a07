import type { Metadata } from 'next'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { requireShop } from '@/lib/auth/require-shop'
import { getShopReport } from '@/lib/data/reports'
import { salesChart, shrinkageChart, stockValueChart } from '@/lib/reports/charts'
import { figureRows, formatFigure } from '@/lib/reports/figure-rows'
import { describePeriod, periodQuery, readPeriod } from '@/lib/reports/period'
import { readPerson } from '@/lib/reports/sales-by-person'
import { runsShop } from '@/lib/shops/roles'
import { ExportCsvLink } from '@/components/feedback/export-csv-link'
import { PrintButton } from '@/components/labels/print-button'
import { EmailReportButton } from '@/components/reports/email-report-button'
import { PeriodPicker } from '@/components/reports/period-picker'
import { ReportFigures } from '@/components/reports/report-figures'
import { ReportTables } from '@/components/reports/report-tables'
import { SalesByPerson } from '@/components/reports/sales-by-person'
import { TrendChart } from '@/components/reports/trend-chart'
import { RoleRequired } from '@/components/shop/role-required'

export const metadata: Metadata = { title: 'Reports' }

const CHARTS = [
  { build: salesChart, kind: 'bar', format: 'units', color: 'var(--primary)' },
  { build: stockValueChart, kind: 'step', format: 'money', color: 'var(--success)' },
  { build: shrinkageChart, kind: 'bar', format: 'units', color: 'var(--destructive)' },
] as const

export default async function ReportsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { shop, supabase } = await requireShop('/reports')
  if (!runsShop(shop.role)) return <RoleRequired page="Reports" shop={shop} />
  const params = await searchParams
  const read = readPeriod(params)
  const person = readPerson(params.person)
  // The shop's today, the report and the sales per person in one request; "could not ask" is an outage (callFailure).
  const result = read.ok ? await getShopReport(supabase, read.request) : undefined
  if (result === null) redirect('/')
  const report = result?.ok ? result.report : null
  const picked = read.ok ? read.request : read

  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold sm:text-3xl">Reports</h1>
          {report && (
            <p className="text-sm text-muted-foreground">
              {report.shop_name} · {describePeriod(report)} · {report.timezone}
            </p>
          )}
        </div>
        {report && read.ok && (
          <div className="flex flex-wrap gap-2 print:hidden">
            <ExportCsvLink href={`/reports/export?${periodQuery(read.request)}`} />
            <EmailReportButton request={read.request} />
            <PrintButton />
          </div>
        )}
      </div>
      <PeriodPicker
        range={picked.range}
        from={report?.from ?? (picked.range === 'custom' ? picked.from : '')}
        to={report?.to ?? (picked.range === 'custom' ? picked.to : '')}
        today={report?.today}
        fieldErrors={read.ok ? (result && !result.ok ? { to: result.message } : undefined) : read.fieldErrors}
      />
      {report && (
        <>
          <section aria-labelledby="figures" className="grid gap-3">
            <h2 id="figures" className="sr-only">
              Figures
            </h2>
            <ReportFigures figures={figureRows(report).map((row) => ({ label: row.label, value: formatFigure(row, report.currency), note: row.note }))} />
            <p className="text-xs text-muted-foreground">
              Money is at each product&apos;s price and cost as they are now. Days run from midnight to midnight in {report.timezone}.{' '}
              <Link href="/dashboard" className="underline underline-offset-4 print:hidden">
                Today on the dashboard
              </Link>
            </p>
          </section>
          <section aria-labelledby="charts" className="grid gap-3">
            <h2 id="charts" className="text-lg font-semibold">
              Trends
            </h2>
            <div className="grid gap-4 lg:grid-cols-3">
              {CHARTS.map(({ build, ...chart }) => {
                const data = build(report)
                return <TrendChart key={data.id} {...data} {...chart} currency={report.currency} />
              })}
            </div>
          </section>
          {report.people && read.ok && <SalesByPerson people={report.people} person={person} currency={report.currency} query={periodQuery(read.request)} />}
          <ReportTables report={report} />
        </>
      )}
    </main>
  )
}
