'use server'

import { headers } from 'next/headers'
import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import { forgetShopMembers } from '@/lib/auth/shop-choice-cache'
import { linkOrigin } from '@/lib/delivery/site-url'
import { sendTestReport } from '@/lib/delivery/test-report'
import { updateChannels, updateShopSettings } from '@/lib/data/delivery-settings'
import { getShopForUser, setStaffCanConfirm } from '@/lib/data/shops'
import { ownsShop, runsShop } from '@/lib/shops/roles'
import { channelsSchema, shopSettingsSchema, teamSettingsSchema } from '@/lib/validations/delivery-settings'
import { canSendWhatsApp, WHATSAPP_UNAVAILABLE } from '@/lib/whatsapp/cloud-api'
import { NO_SHOP_MESSAGE, OWNER_ONLY_MESSAGE } from './product-action-results'
import { validatedAction } from './validated-action'

/** Name, currency and time zone of the shop (the owner and managers), and its report time (the owner). */
export const saveShopSettings = validatedAction(
  shopSettingsSchema,
  async (settings, { supabase }) => {
    const shop = await getShopForUser(supabase)
    if (!shop || !runsShop(shop.role)) return { ok: false, message: NO_SHOP_MESSAGE }
    if (settings.report_time !== undefined && !ownsShop(shop.role)) return { ok: false, message: OWNER_ONLY_MESSAGE, fieldErrors: { report_time: [OWNER_ONLY_MESSAGE] } }
    if (!(await updateShopSettings(supabase, shop.id, settings))) return { ok: false, message: NO_SHOP_MESSAGE }
    // the name, currency and time zone every member's pages show
    await forgetShopMembers(shop.id)
    revalidatePath('/', 'layout')
    if (settings.report_time === undefined) return { ok: true, message: `${settings.name} saved (${settings.timezone})` }
    return { ok: true, message: `Reports will be sent at ${settings.report_time} (${settings.timezone})` }
  },
  { requireUser: true },
)

/** Which reports go out, and whether the owner's own address gets them. */
export const saveChannels = validatedAction(
  channelsSchema,
  async (channels, { supabase }) => {
    // Settings greys the box out too; this is the check that counts.
    if (channels.whatsapp_report && !canSendWhatsApp()) return { ok: false, message: WHATSAPP_UNAVAILABLE, fieldErrors: { whatsapp_report: [WHATSAPP_UNAVAILABLE] } }
    const shop = await getShopForUser(supabase)
    if (!shop || !(await updateChannels(supabase, shop.id, channels))) return { ok: false, message: NO_SHOP_MESSAGE }
    revalidatePath('/settings')
    return { ok: true, message: 'Delivery settings saved' }
  },
  { requireUser: true },
)

/** Whether staff may confirm stocktakes (the owner's choice). */
export const saveTeamSettings = validatedAction(
  teamSettingsSchema,
  async ({ staff_can_confirm }, { supabase }) => {
    const shop = await getShopForUser(supabase)
    if (!shop) return { ok: false, message: NO_SHOP_MESSAGE }
    if (!ownsShop(shop.role) || !(await setStaffCanConfirm(supabase, shop.id, staff_can_confirm))) return { ok: false, message: OWNER_ONLY_MESSAGE }
    await forgetShopMembers(shop.id)
    revalidatePath('/', 'layout')
    return { ok: true, message: staff_can_confirm ? 'Staff can confirm stocktakes' : 'Only you and your managers confirm stocktakes' }
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
