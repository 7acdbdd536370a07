'use server'

import { headers } from 'next/headers'
import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { linkOrigin } from '@/lib/delivery/site-url'
import { sendTestReport } from '@/lib/delivery/test-report'
import { updateChannels, updateShopSettings } from '@/lib/data/delivery-settings'
import { getShopForUser } from '@/lib/data/shops'
import { channelsSchema, shopSettingsSchema } from '@/lib/validations/delivery-settings'
import { canSendWhatsApp, WHATSAPP_UNAVAILABLE } from '@/lib/whatsapp/cloud-api'
import { NO_SHOP_MESSAGE } from './product-action-results'
import { validatedAction } from './validated-action'

/** Name, currency, time zone and report time of the owner's shop. */
export const saveShopSettings = validatedAction(
  shopSettingsSchema,
  async (settings, { supabase, userId }) => {
    const shop = await getShopForUser(supabase, userId)
    if (!shop || !(await updateShopSettings(supabase, shop.id, settings))) return { ok: false, message: NO_SHOP_MESSAGE }
    revalidatePath('/', 'layout')
    return { ok: true, message: `Reports will be sent at ${settings.report_time} (${settings.timezone})` }
  },
  { requireUser: true },
)

/** Which reports go out, and whether the owner's own address gets them. */
export const saveChannels = validatedAction(
  channelsSchema,
  async (channels, { supabase, userId }) => {
    // Settings greys the box out too; this is the check that counts.
    if (channels.whatsapp_report && !canSendWhatsApp()) return { ok: false, message: WHATSAPP_UNAVAILABLE, fieldErrors: { whatsapp_report: [WHATSAPP_UNAVAILABLE] } }
    const shop = await getShopForUser(supabase, userId)
    if (!shop || !(await updateChannels(supabase, shop.id, channels))) return { ok: false, message: NO_SHOP_MESSAGE }
    revalidatePath('/settings')
    return { ok: true, message: 'Delivery settings saved' }
  },
  { requireUser: true },
)

/** "Send a test report now": today's report to everyone who gets it, on their channels. */
export const sendTestReportNow = validatedAction(
  z.object({}),
  async (_input, { supabase }) => {
    const result = await sendTestReport(supabase, linkOrigin((await headers()).get('origin')))
    revalidatePath('/settings')
    return result
  },
  { requireUser: true },
)
