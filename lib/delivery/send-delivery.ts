import 'server-only'
import type { Delivery, DeliveryOutcome } from '@/lib/data/deliveries'
import { renderDailyReportEmail } from '@/lib/email/daily-report-email'
import { renderLowStockDigestEmail } from '@/lib/email/low-stock-digest-email'
import type { Mailer } from '@/lib/email/mailer'
import { periodQuery } from '@/lib/reports/period'
import { sendWhatsAppTemplate, WHATSAPP_UNAVAILABLE, whatsAppConfig } from '@/lib/whatsapp/cloud-api'
import { reportTemplateParams } from '@/lib/whatsapp/report-template'
import type { ShopDay } from './shop-day'
import { signUnsubscribeToken } from './unsubscribe-token'

/** How many low-stock lines an email or message lists. */
export const LOW_STOCK_LINES = 20

export interface SendContext {
  /** the app's address, for the links in what is sent */
  origin: string
  /** null: this server has no SMTP_URL */
  mailer: Mailer | null
  shopDay: (shopId: string, day: string) => Promise<ShopDay | null>
}

const reportUrl = (origin: string, day: string) => `${origin}/reports?${periodQuery({ range: 'custom', from: day, to: day })}`

/** Sends one claimed delivery and says how it went; never throws. */
export async function sendDelivery(delivery: Delivery, context: SendContext): Promise<DeliveryOutcome> {
  try {
    const day = await context.shopDay(delivery.shop_id, delivery.local_date)
    if (!day) return { status: 'failed', reason: 'The shop or its report could not be read', retry: true }
    return delivery.channel === 'whatsapp' ? await sendWhatsApp(delivery, day, context) : await sendReportEmail(delivery, day, context)
  } catch (error) {
    console.error('Error sending a delivery:', error)
    return { status: 'failed', reason: `Could not prepare the report: ${error instanceof Error ? error.message : String(error)}`, retry: true }
  }
}

async function sendReportEmail(delivery: Delivery, { report, lowStock }: ShopDay, { origin, mailer }: SendContext): Promise<DeliveryOutcome> {
  if (delivery.kind === 'low_stock_digest') {
    if (lowStock.length === 0) return { status: 'skipped', reason: 'Nothing was low on stock' }
    // a quiet digest: no email a day about stock that is coming, with nothing more to order
    if (lowStock.every((line) => line.orderQty === 0 && line.onOrder > 0)) return { status: 'skipped', reason: 'Everything low on stock is on order' }
  }
  if (!mailer) return { status: 'failed', reason: 'Email is not set up on this server: whoever runs your ShelfSnap can set it up.', retry: false }
  const token = await signUnsubscribeToken({ shopId: delivery.shop_id, address: delivery.recipient })
  const unsubscribeUrl = `${origin}/unsubscribe?token=${token}`
  const lines = lowStock.slice(0, LOW_STOCK_LINES)
  const email =
    delivery.kind === 'low_stock_digest'
      ? await renderLowStockDigestEmail({ shopName: report.shop_name, lowStock: lines, reorderUrl: `${origin}/app/reorder`, unsubscribeUrl })
      : await renderDailyReportEmail({ report, lowStock: lines, reportUrl: reportUrl(origin, delivery.local_date), unsubscribeUrl })
  try {
    await mailer.send({
      to: delivery.recipient,
      ...email,
      // RFC 8058 one-click: a mail client POSTs "List-Unsubscribe=One-Click" to this address.
      headers: { 'List-Unsubscribe': `<${origin}/api/unsubscribe?token=${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    })
    return { status: 'sent' }
  } catch (error) {
    return smtpFailure(error)
  }
}

/** A refusal (5xx) is final; anything else (4xx, no connection, a time-out) is worth another go. */
function smtpFailure(error: unknown): DeliveryOutcome {
  const { responseCode, response, code, message } = error as { responseCode?: number; response?: string; code?: string; message?: string }
  if (responseCode && responseCode >= 500) return { status: 'failed', reason: `The mail server refused it: ${response ?? responseCode}`, retry: false }
  if (responseCode) return { status: 'failed', reason: `The mail server deferred it: ${response ?? responseCode}`, retry: true }
  return { status: 'failed', reason: `The mail server could not be reached (${message ?? code ?? 'no answer'})`, retry: true }
}

async function sendWhatsApp(delivery: Delivery, { report, lowStock }: ShopDay, { origin }: SendContext): Promise<DeliveryOutcome> {
  const config = whatsAppConfig()
  if (!config) return { status: 'failed', reason: WHATSAPP_UNAVAILABLE, retry: false }
  const params = reportTemplateParams({ report, lowStock, reportUrl: reportUrl(origin, delivery.local_date) })
  const result = await sendWhatsAppTemplate(delivery.recipient, params, config)
  return result.ok ? { status: 'sent', providerMessageId: result.messageId } : { status: 'failed', reason: result.reason, retry: result.retry }
}
