import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'

export interface ReportRecipient {
  id: string
  channel: 'email' | 'whatsapp'
  address: string
  confirmed_at: string | null
  confirm_sent_at: string | null
  unsubscribed_at: string | null
}

type Added = { ok: true; id: string; token: string | null } | { ok: false; message: string }

/** The caller's shop's recipients besides the owner (RLS). */
export async function getReportRecipients(supabase: SupabaseClient): Promise<ReportRecipient[]> {
  const { data, error } = await supabase
    .from('report_recipients')
    .select('id, channel, address, confirmed_at, confirm_sent_at, unsubscribed_at')
    .order('created_at')
    .returns<ReportRecipient[]>()
  if (error) throw new Error(error.message)
  return data
}

// The functions' refusals (too many, own address, duplicate, rate limited) are worded for the owner.
const refusal = (error: { code?: string; message: string }) => (error.code === 'P0001' || error.code === 'P0002' ? error.message : null)

/** Adds an email (returns its confirmation token, shown once) or a WhatsApp number (ready at once). */
export async function addReportRecipient(supabase: SupabaseClient, channel: 'email' | 'whatsapp', address: string): Promise<Added> {
  const { data, error } = await supabase.rpc('add_report_recipient', { p_channel: channel, p_address: address }).single<{ id: string; token: string | null }>()
  if (error) {
    const message = refusal(error)
    if (message) return { ok: false, message }
    throw new Error(error.message)
  }
  return { ok: true, id: data.id, token: data.token }
}

/** A new confirmation token for an unconfirmed email recipient, at most one a minute. */
export async function renewRecipientToken(supabase: SupabaseClient, id: string): Promise<{ ok: true; token: string } | { ok: false; message: string }> {
  const { data, error } = await supabase.rpc('resend_recipient_confirmation', { p_id: id })
  if (error) {
    const message = refusal(error)
    if (message) return { ok: false, message }
    throw new Error(error.message)
  }
  return { ok: true, token: data as string }
}

export async function removeReportRecipient(supabase: SupabaseClient, id: string): Promise<boolean> {
  const { data, error } = await supabase.from('report_recipients').delete().eq('id', id).select('id')
  if (error) throw new Error(error.message)
  return data.length === 1
}

/** Confirms the recipient of an emailed token (the service-role client: no sign-in); null when the link is unknown, used or old. */
export async function confirmReportRecipient(admin: SupabaseClient, token: string): Promise<{ shop_name: string; address: string } | null> {
  const { data, error } = await admin.rpc('confirm_report_recipient', { p_token: token })
  if (error) throw new Error(error.message)
  return (data as { shop_name: string; address: string }[])[0] ?? null
}
