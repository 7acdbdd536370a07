'use server'

import { revalidatePath } from 'next/cache'
import { addReportRecipient, confirmWhatsAppCode, type CodeCheck } from '@/lib/data/report-recipients'
import { getShopForUser } from '@/lib/data/shops'
import { sendOptInCode } from '@/lib/delivery/whatsapp-opt-in'
import { shopCountry } from '@/lib/shops/country'
import { parseWhatsAppNumber, phoneNumberHint, whatsAppCodeSchema, whatsAppRecipientSchema } from '@/lib/validations/delivery-settings'
import { WHATSAPP_UNAVAILABLE, whatsAppConfig } from '@/lib/whatsapp/cloud-api'
import type { ActionState } from './action-state'
import { NO_SHOP_MESSAGE } from './product-action-results'
import { validatedAction } from './validated-action'

/**
 * A WhatsApp number, read as written in the shop's country and stored in E.164. It waits
 * for its owner's opt-in: a code goes to it by WhatsApp, and only once the owner types it
 * here (or its owner replies) does it get reports.
 */
export const addWhatsAppRecipient = validatedAction(
  whatsAppRecipientSchema,
  async ({ phone }, { supabase }) => {
    const config = whatsAppConfig()
    if (!config) return { ok: false, message: WHATSAPP_UNAVAILABLE }
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    const country = shopCountry(shop)
    const number = parseWhatsAppNumber(phone, country)
    if (!number) return { ok: false, message: phoneNumberHint(country), fieldErrors: { phone: [phoneNumberHint(country)] } }
    const added = await addReportRecipient(supabase, 'whatsapp', number)
    if (!added.ok) return { ok: false, message: added.message, fieldErrors: { phone: [added.message] } }
    revalidatePath('/settings')
    return sendOptInCode(supabase, config, { id: added.id, number, shopName: shop.name, code: added.token! })
  },
  { requireUser: true },
)

const CODE_ANSWERS: Record<Exclude<CodeCheck, 'confirmed'>, string> = {
  wrong: 'That is not the code we sent. Check it and try again.',
  locked: 'Too many wrong codes: press "Send a new code".',
  expired: 'That code has expired: press "Send a new code".',
  unknown: 'No such recipient',
}

/** The code the person at the number was sent, typed in by the owner: the number is confirmed. */
export const confirmWhatsAppRecipient = validatedAction(
  whatsAppCodeSchema,
  async ({ id, code }, { supabase }): Promise<ActionState> => {
    const answer = await confirmWhatsAppCode(supabase, id, code)
    revalidatePath('/settings')
    if (answer !== 'confirmed') return { ok: false, message: CODE_ANSWERS[answer], fieldErrors: { code: [CODE_ANSWERS[answer]] } }
    return { ok: true, message: 'Number confirmed: it gets the daily report by WhatsApp' }
  },
  { requireUser: true },
)
