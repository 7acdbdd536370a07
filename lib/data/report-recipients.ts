import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import { callFailure } from '@/lib/supabase/deadline-fetch'

export interface ReportRecipient {
  id: string
  channel: 'email' | 'whatsapp'
  address: string
  confirmed_at: string | null
  confirm_sent_at: string | null
  unsubscribed_at: string | null
  /** a WhatsApp number's opt-in code is good until then */
  opt_in_expires_at: string | null
}

type Added = { ok: true; id: string; token: string | null } | { ok: false; message: string }

/** The caller's shop's recipients besides the owner (RLS). */
export async function getReportRecipients(supabase: SupabaseClient): Promise<ReportRecipient[]> {
  const { data, error } = await supabase
    .from('report_recipients')
    .select('id, channel, address, confirmed_at, confirm_sent_at, unsubscribed_at, opt_in_expires_at')
    .order('created_at')
    .returns<ReportRecipient[]>()
  if (error) throw callFailure(error)
  return data
}

// The functions' refusals (too many, own address, duplicate, rate limited) are worded for the owner.
const refusal = (error: { code?: string; message: string }) => (error.code === 'P0001' || error.code === 'P0002' ? error.message : null)

/**
 * Adds an email (returns its confirmation token, for the email) or a WhatsApp number
 * (returns its opt-in code, for the WhatsApp message); either waits for its confirmation.
 */
export async function addReportRecipient(supabase: SupabaseClient, channel: 'email' | 'whatsapp', address: string): Promise<Added> {
  const { data, error } = await supabase.rpc('add_report_recipient', { p_channel: channel, p_address: address }).single<{ id: string; token: string | null }>()
  if (error) {
    const message = refusal(error)
    if (message) return { ok: false, message }
    throw callFailure(error)
  }
  return { ok: true, id: data.id, token: data.token }
}

/** A new confirmation token (email) or opt-in code (WhatsApp) for an unconfirmed recipient, at most one a minute. */
export async function renewRecipientToken(supabase: SupabaseClient, id: string): Promise<{ ok: true; token: string } | { ok: false; message: string }> {
  const { data, error } = await supabase.rpc('resend_recipient_confirmation', { p_id: id })
  if (error) {
    const message = refusal(error)
    if (message) return { ok: false, message }
    throw callFailure(error)
  }
  return { ok: true, token: data as string }
}

export async function removeReportRecipient(supabase: SupabaseClient, id: string): Promise<boolean> {
  const { data, error } = await supabase.from('report_recipients').delete().eq('id', id).select('id')
  if (error) throw callFailure(error)
  return data.length === 1
}

/** Confirms the recipient of an emailed token (the service-role client: no sign-in); null when the link is unknown, used or old. */
export async function confirmReportRecipient(admin: SupabaseClient, token: string): Promise<{ shop_name: string; address: string } | null> {
  const { data, error } = await admin.rpc('confirm_report_recipient', { p_token: token })
  if (error) throw callFailure(error)
  return (data as { shop_name: string; address: string }[])[0] ?? null
}

export type RecipientLink = { shop_name: string; address: string; state: 'waiting' | 'confirmed' | 'expired' }

/** Where an emailed confirmation link stands, without using it; null: not a link of ours (replaced, or cut). */
export async function describeReportRecipient(admin: SupabaseClient, token: string): Promise<RecipientLink | null> {
  const { data, error } = await admin.rpc('describe_report_recipient', { p_token: token })
  if (error) throw callFailure(error)
  return (data as RecipientLink[])[0] ?? null
}

export type CodeCheck = 'confirmed' | 'wrong' | 'locked' | 'expired' | 'unknown'

/** Checks the opt-in code the owner typed for a WhatsApp number of their shop; a wrong one counts as a try. */
export async function confirmWhatsAppCode(supabase: SupabaseClient, id: string, code: string): Promise<CodeCheck> {
  const { data, error } = await supabase.rpc('confirm_whatsapp_code', { p_id: id, p_code: code })
  if (error) throw callFailure(error)
  return data as CodeCheck
}

/** Keeps the wamid of the opt-in message, so that a reply to it confirms the number. */
export async function recordOptInMessage(supabase: SupabaseClient, id: string, messageId: string): Promise<void> {
  const { error } = await supabase.rpc('record_opt_in_message', { p_id: id, p_message_id: messageId })
  if (error) throw callFailure(error)
}

/**
 * A message from a WhatsApp user, seen by the signed webhook (the service-role client):
 * a reply to an opt-in message, or a text holding a valid code, confirms that number.
 * Returns how many recipients it confirmed.
 */
export async function confirmWhatsAppReply(admin: SupabaseClient, message: { from: string; contextId: string | null; text: string | null }): Promise<number> {
  const { data, error } = await admin.rpc('confirm_whatsapp_reply', { p_from: message.from, p_context_id: message.contextId, p_text: message.text })
  if (error) throw callFailure(error)
  return (data as unknown[]).length
}
