import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { z } from 'zod'
import type { channelsSchema, shopSettingsSchema } from '@/lib/validations/delivery-settings'
import { callFailure } from '@/lib/supabase/deadline-fetch'

export type Channels = z.output<typeof channelsSchema>

export interface DeliverySettings extends Channels {
  /** "19:00", on the shop's clock */
  report_time: string
}

export interface DeliveryRecord {
  id: number
  kind: 'daily_report' | 'low_stock_digest' | 'test_report'
  local_date: string
  channel: 'email' | 'whatsapp'
  recipient: string
  status: 'pending' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed' | 'skipped'
  attempts: number
  last_error: string | null
  updated_at: string
}

/** The caller's shop's report time and channels (RLS). */
export async function getDeliverySettings(supabase: SupabaseClient, shopId: string): Promise<DeliverySettings> {
  const { data, error } = await supabase
    .from('shops')
    .select('report_time, email_report, low_stock_digest, whatsapp_report, sheets_feed, owner_email')
    .eq('id', shopId)
    .single<DeliverySettings>()
  if (error) throw callFailure(error)
  return { ...data, report_time: data.report_time.slice(0, 5) }
}

export async function updateShopSettings(supabase: SupabaseClient, shopId: string, settings: z.output<typeof shopSettingsSchema>): Promise<boolean> {
  const { data, error } = await supabase.from('shops').update(settings).eq('id', shopId).select('id')
  if (error) throw callFailure(error)
  return data.length === 1
}

export async function updateChannels(supabase: SupabaseClient, shopId: string, channels: Channels): Promise<boolean> {
  const { data, error } = await supabase.from('shops').update(channels).eq('id', shopId).select('id')
  if (error) throw callFailure(error)
  return data.length === 1
}

/** The shop's latest sends, newest first (RLS). */
export async function getDeliveryHistory(supabase: SupabaseClient, limit = 50): Promise<DeliveryRecord[]> {
  const { data, error } = await supabase
    .from('deliveries')
    .select('id, kind, local_date, channel, recipient, status, attempts, last_error, updated_at')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit)
    .returns<DeliveryRecord[]>()
  if (error) throw callFailure(error)
  return data
}
