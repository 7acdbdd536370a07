import { Link, Section, Text } from '@react-email/components'
import { figureRows, formatFigure } from '@/lib/reports/figure-rows'
import { describePeriod } from '@/lib/reports/period'
import type { ShopReport } from '@/lib/reports/report'
import { formatMoney } from '@/lib/format/money'
import { plural } from '@/lib/format/plural'
import { EmailLayout, emailText, LowStockList, renderParts, SmallPrint } from './email-parts'
import type { LowStockLine } from '@/lib/delivery/low-stock-line'

export interface DailyReportEmailProps {
  report: ShopReport
  lowStock: LowStockLine[]
  /** the report's page, for "Open the full report" */
  reportUrl: string
  /** for a scheduled report: stops it without a sign-in */
  unsubscribeUrl?: string
}

/** The day report by email: the figures /reports shows, in the same words, the low-stock list and a link to the page. */
export function DailyReportEmail({ report, lowStock, reportUrl, unsubscribeUrl }: DailyReportEmailProps) {
  const money = (value: number) => formatMoney(value, report.currency)
  return (
    <EmailLayout
      preview={`${report.shop_name}: ${plural(report.figures.sold, 'unit')} sold, ${money(report.figures.sales_value)} in sales`}
      title={`${report.shop_name}: ${describePeriod(report)}`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Section>
        {figureRows(report).map((row) => (
          <Text key={row.label} style={emailText}>
            {`${row.label}: `}
            <strong>{formatFigure(row, report.currency)}</strong>
            {row.note ? ` · ${row.note}` : ''}
          </Text>
        ))}
      </Section>
      <LowStockList lines={lowStock} />
      <Text style={emailText}>
        <Link href={reportUrl}>Open the full report</Link>
      </Text>
      <SmallPrint>{`Days run from midnight to midnight in ${report.timezone}. Money is at each product's price and cost as they are now.`}</SmallPrint>
    </EmailLayout>
  )
}

export const dailyReportSubject = (report: ShopReport) => `${report.shop_name}: ShelfSnap report for ${describePeriod(report)}`

/** The email's subject and its HTML and plain-text parts, from one component. */
export async function renderDailyReportEmail(props: DailyReportEmailProps) {
  return { subject: dailyReportSubject(props.report), ...(await renderParts(<DailyReportEmail {...props} />)) }
}
