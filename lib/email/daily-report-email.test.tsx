import { describe, expect, it } from 'vitest'
import { sevenDayReport } from '@/test/support/shop-report-fixture'
import { renderDailyReportEmail } from './daily-report-email'

const reportUrl = 'https://app.example/reports'

describe('renderDailyReportEmail', () => {
  it("previews the day in the inbox's words: one unit, or several", async () => {
    const one = await renderDailyReportEmail({ report: { ...sevenDayReport, shop_name: 'Corner Shop', figures: { ...sevenDayReport.figures, sold: 1 } }, lowStock: [], reportUrl })
    expect(one.html).toContain('Corner Shop: 1 unit sold,')
    const six = await renderDailyReportEmail({ report: { ...sevenDayReport, shop_name: 'Corner Shop' }, lowStock: [], reportUrl })
    expect(six.html).toContain(`Corner Shop: ${sevenDayReport.figures.sold} units sold,`)
  })
})
