import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ActionState } from '@/lib/actions/action-state'
import { recordOptInMessage } from '@/lib/data/report-recipients'
import { sendWhatsAppTemplate, type WhatsAppConfig } from '@/lib/whatsapp/cloud-api'
import { optInTemplateParams } from '@/lib/whatsapp/opt-in-template'

/**
 * Sends a waiting WhatsApp number its opt-in code (WhatsApp requires the person's opt-in
 * before any report), and keeps the message's id so that a reply to it confirms the number.
 */
export async function sendOptInCode(
  supabase: SupabaseClient,
  config: WhatsAppConfig,
  { id, number, shopName, code }: { id: string; number: string; shopName: string; code: string },
): Promise<ActionState> {
  const sent = await sendWhatsAppTemplate(number, optInTemplateParams(shopName, code), config, config.optInTemplateName)
  if (!sent.ok) return { ok: false, message: `The code could not be sent to ${number}: ${sent.reason}. Press "Send a new code" in a minute.` }
  await recordOptInMessage(supabase, id, sent.messageId)
  return {
    ok: true,
    message: `We sent a code to ${number} by WhatsApp. Reports go there once you type that code in here, or they reply to our message.`,
  }
}
