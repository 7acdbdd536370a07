import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { recordWhatsAppStatuses } from '@/lib/data/whatsapp-statuses'
import { createAdminClient } from '@/lib/supabase/admin'

const text = (status: number, message: string) => new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional(), error_data: z.object({ details: z.string().optional() }).optional() })).optional(),
})
// Only the statuses matter here; everything else Meta sends (messages, other fields) is ignored.
const webhookSchema = z.object({
  entry: z.array(z.object({ changes: z.array(z.object({ value: z.object({ statuses: z.array(z.unknown()).optional() }).loose() }).loose()) }).loose()),
})

/** Meta's subscription handshake: echo hub.challenge when the verify token matches. */
export function GET(request: Request) {
  const params = new URL(request.url).searchParams
  const token = process.env.WHATSAPP_VERIFY_TOKEN
  if (!token || params.get('hub.mode') !== 'subscribe' || params.get('hub.verify_token') !== token) return text(403, 'Forbidden')
  return text(200, params.get('hub.challenge') ?? '')
}

function signedByMeta(body: string, header: string | null, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`)
  const given = Buffer.from(header ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** WhatsApp's status webhook: sent, delivered, read or failed, for the delivery history. */
export async function POST(request: Request) {
  const secret = process.env.WHATSAPP_APP_SECRET
  if (!secret) return text(503, 'WhatsApp is not set up on this server (WHATSAPP_APP_SECRET)')
  const body = await request.text()
  if (!signedByMeta(body, request.headers.get('x-hub-signature-256'), secret)) return text(401, 'Bad signature')
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return text(400, 'The body is not JSON')
  }
  const parsed = webhookSchema.safeParse(json)
  // Anything else signed by Meta is accepted and ignored, so that Meta does not retry it for days.
  if (!parsed.success) return text(200, 'Ignored')
  const statuses = parsed.data.entry
    .flatMap((entry) => entry.changes.flatMap((change) => change.value.statuses ?? []))
    .flatMap((status) => {
      const valid = statusSchema.safeParse(status)
      return valid.success ? [valid.data] : []
    })
  if (statuses.length > 0) await recordWhatsAppStatuses(createAdminClient(), statuses)
  return text(200, 'OK')
}
