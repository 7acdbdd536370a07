'use server'

import { headers } from 'next/headers'
import { revalidatePath } from 'next/cache'
import { addReportRecipient, confirmReportRecipient, removeReportRecipient, renewRecipientToken } from '@/lib/data/report-recipients'
import { getShopForUser } from '@/lib/data/shops'
import { linkOrigin } from '@/lib/delivery/site-url'
import { sendOptInCode } from '@/lib/delivery/whatsapp-opt-in'
import { renderRecipientConfirmationEmail } from '@/lib/email/recipient-confirmation-email'
import { canSendEmail, sendEmail } from '@/lib/email/mailer'
import { createAdminClient } from '@/lib/supabase/admin'
import { emailRecipientSchema, recipientIdSchema, recipientTokenSchema } from '@/lib/validations/delivery-settings'
import { WHATSAPP_UNAVAILABLE, whatsAppConfig } from '@/lib/whatsapp/cloud-api'
import type { ActionState } from './action-state'
import { NO_SHOP_MESSAGE } from './product-action-results'
import { validatedAction } from './validated-action'

const NOT_SENT = 'The confirmation email could not be sent: press Resend in a minute'

async function mailConfirmation(shopName: string, address: string, token: string): Promise<ActionState> {
  if (!canSendEmail()) return { ok: false, message: 'Email is not set up on this server' }
  const origin = linkOrigin((await headers()).get('origin'))
  const email = await renderRecipientConfirmationEmail({ shopName, confirmUrl: `${origin}/recipients/confirm?token=${token}` })
  try {
    await sendEmail({ to: address, ...email })
  } catch (error) {
    console.error('Error sending a recipient confirmation:', error)
    return { ok: false, message: NOT_SENT }
  }
  return { ok: true, message: `Confirmation sent to ${address}: nothing else goes there until it is confirmed` }
}

/** Another email address for the reports: it gets a confirmation first, and nothing else until then. */
export const addEmailRecipient = validatedAction(
  emailRecipientSchema,
  async ({ email }, { supabase }) => {
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    const added = await addReportRecipient(supabase, 'email', email)
    revalidatePath('/settings')
    if (!added.ok) return { ok: false, message: added.message, fieldErrors: { email: [added.message] } }
    return mailConfirmation(shop.name, email, added.token!)
  },
  { requireUser: true },
)

/** A new confirmation: an email with a new link, or a WhatsApp message with a new code. */
export const resendRecipientConfirmation = validatedAction(
  recipientIdSchema,
  async ({ id }, { supabase }) => {
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    const { data } = await supabase.from('report_recipients').select('channel, address').eq('id', id).maybeSingle<{ channel: 'email' | 'whatsapp'; address: string }>()
    const config = whatsAppConfig()
    if (data?.channel === 'whatsapp' && !config) return { ok: false, message: WHATSAPP_UNAVAILABLE }
    const renewed = await renewRecipientToken(supabase, id)
    if (!renewed.ok || !data) return { ok: false, message: renewed.ok ? 'No unconfirmed address to send to' : renewed.message }
    revalidatePath('/settings')
    if (data.channel === 'whatsapp') return sendOptInCode(supabase, config!, { id, number: data.address, shopName: shop.name, code: renewed.token })
    return mailConfirmation(shop.name, data.address, renewed.token)
  },
  { requireUser: true },
)

export const removeRecipient = validatedAction(
  recipientIdSchema,
  async ({ id }, { supabase }) => {
    if (!(await removeReportRecipient(supabase, id))) return { ok: false, message: 'No such recipient' }
    revalidatePath('/settings')
    return { ok: true, message: 'Recipient removed' }
  },
  { requireUser: true },
)

/** The confirm page's button: no sign-in, the emailed token is the key. */
export const confirmRecipient = validatedAction(recipientTokenSchema, async ({ token }) => {
  const confirmed = await confirmReportRecipient(createAdminClient(), token)
  if (!confirmed) return { ok: false, message: 'This link has expired or was already used. Ask the shop to send a new one.' }
  return { ok: true, message: `You will get ShelfSnap reports from ${confirmed.shop_name} at ${confirmed.address}.` }
})
