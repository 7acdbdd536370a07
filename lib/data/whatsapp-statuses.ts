import 'server-only'
import type { SupabaseClient } from '@supabase/supabase-js'

export interface WhatsAppStatus {
  /** the wamid the send returned */
  id: string
  status: 'sent' | 'delivered' | 'read' | 'failed'
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[]
}

// A status only moves forward; webhooks may arrive out of order.
const MAY_FOLLOW: Record<WhatsAppStatus['status'], string[]> = {
  sent: [],
  delivered: ['sent'],
  read: ['sent', 'delivered'],
  failed: ['sent', 'delivered'],
}

const reasonOf = (errors: WhatsAppStatus['errors']) => {
  const [error] = errors ?? []
  if (!error) return 'WhatsApp could not deliver it'
  return `WhatsApp could not deliver it${error.code ? ` (${error.code})` : ''}: ${error.error_data?.details ?? error.message ?? error.title ?? ''}`.slice(0, 500)
}

/** Moves deliveries on by WhatsApp's status webhooks (the service-role client); unknown ids are ignored. */
export async function recordWhatsAppStatuses(admin: SupabaseClient, statuses: WhatsAppStatus[]): Promise<void> {
  for (const status of statuses) {
    const previous = MAY_FOLLOW[status.status]
    if (previous.length === 0) continue
    const { error } = await admin
      .from('deliveries')
      .update({ status: status.status, updated_at: new Date().toISOString(), ...(status.status === 'failed' ? { last_error: reasonOf(status.errors) } : {}) })
      .eq('provider_message_id', status.id)
      .eq('channel', 'whatsapp')
      .in('status', previous)
    if (error) throw new Error(`Recording a WhatsApp status failed: ${error.message}`)
  }
}
