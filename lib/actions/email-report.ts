'use server'

import { headers } from 'next/headers'
import { renderDailyReportEmail } from '@/lib/email/daily-report-email'
import { canSendEmail, sendEmail } from '@/lib/email/mailer'
import { getLowStock, lowStockLines } from '@/lib/data/reorder'
import { getShopReport } from '@/lib/data/reports'
import { periodQuery, periodRequestSchema } from '@/lib/reports/period'
import { NO_SHOP_MESSAGE } from './product-action-results'
import { NO_USER_MESSAGE, validatedAction } from './validated-action'

const LOW_STOCK_IN_EMAIL = 20

/** Sends the report of the period on screen to the owner's own, confirmed email address. */
export const emailReport = validatedAction(
  periodRequestSchema,
  async (request, { supabase }) => {
    const { data } = await supabase.auth.getUser()
    const user = data.user
    if (!user) return { ok: false, message: NO_USER_MESSAGE }
    if (!user.email || user.is_anonymous) return { ok: false, message: 'Add an email address to your account to get reports by email' }
    if (!user.email_confirmed_at) return { ok: false, message: 'Confirm your email address first' }
    if (!canSendEmail()) return { ok: false, message: 'Email is not set up on this server' }
    const [result, lowStock] = await Promise.all([getShopReport(supabase, request), getLowStock(supabase)])
    if (!result) return { ok: false, message: NO_SHOP_MESSAGE }
    if (!result.ok) return { ok: false, message: result.message }
    const { report } = result
    const origin = (await headers()).get('origin') ?? 'http://localhost:3000'
    const email = await renderDailyReportEmail({
      report,
      lowStock: lowStockLines(lowStock.items.slice(0, LOW_STOCK_IN_EMAIL)),
      reportUrl: `${origin}/reports?${periodQuery({ range: 'custom', from: report.from, to: report.to })}`,
    })
    try {
      await sendEmail({ to: user.email, ...email })
    } catch (error) {
      console.error('Error sending a report email:', error)
      return { ok: false, message: 'The email could not be sent. Try again in a minute.' }
    }
    return { ok: true, message: `Report sent to ${user.email}` }
  },
  { requireUser: true },
)
