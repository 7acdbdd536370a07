import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { figureRows, formatFigure } from '@/lib/reports/figure-rows'
import { describePeriod } from '@/lib/reports/period'
import type { ShopReport } from '@/lib/reports/report'
import { formatMoney } from '@/lib/format/money'

export interface LowStockLine {
  name: string
  qty: number
  /** units the reorder suggestions would order now, 0 when none */
  orderQty: number
}

export interface DailyReportEmailProps {
  report: ShopReport
  lowStock: LowStockLine[]
  /** the report's page, for "Open the full report" */
  reportUrl: string
}

const text = { margin: '4px 0', fontSize: '15px', lineHeight: '22px' }

/** The day report by email: the figures /reports shows, in the same words, the low-stock list and a link to the page. */
export function DailyReportEmail({ report, lowStock, reportUrl }: DailyReportEmailProps) {
  const money = (value: number) => formatMoney(value, report.currency)
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${report.shop_name}: ${report.figures.sold} units sold, ${money(report.figures.sales_value)} in sales`}</Preview>
      <Body style={{ backgroundColor: '#ffffff', fontFamily: 'system-ui, sans-serif', color: '#111111' }}>
        <Container style={{ maxWidth: '560px', padding: '16px' }}>
          <Heading as="h1" style={{ fontSize: '22px' }}>
            {`${report.shop_name}: ${describePeriod(report)}`}
          </Heading>
          <Section>
            {figureRows(report).map((row) => (
              <Text key={row.label} style={text}>
                {`${row.label}: `}
                <strong>{formatFigure(row, report.currency)}</strong>
                {row.note ? ` · ${row.note}` : ''}
              </Text>
            ))}
          </Section>
          <Hr />
          <Heading as="h2" style={{ fontSize: '18px' }}>
            Low stock
          </Heading>
          {lowStock.length === 0 ? (
            <Text style={text}>Nothing is low on stock.</Text>
          ) : (
            lowStock.map((line) => (
              <Text key={line.name} style={text}>
                {`${line.name}: ${line.qty} in stock${line.orderQty > 0 ? `, order ${line.orderQty}` : ''}`}
              </Text>
            ))
          )}
          <Hr />
          <Text style={text}>
            <Link href={reportUrl}>Open the full report</Link>
          </Text>
          <Text style={{ ...text, color: '#555555', fontSize: '13px' }}>
            {`Days run from midnight to midnight in ${report.timezone}. Money is at each product's price and cost as they are now.`}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}

export const dailyReportSubject = (report: ShopReport) => `${report.shop_name}: ShelfSnap report for ${describePeriod(report)}`

/** The email's subject and its HTML and plain-text parts, from one component. */
export async function renderDailyReportEmail(props: DailyReportEmailProps) {
  const element = <DailyReportEmail {...props} />
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { subject: dailyReportSubject(props.report), html, text }
}
