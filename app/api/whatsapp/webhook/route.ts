import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { confirmWhatsAppReply } from '@/lib/data/report-recipients'
import { recordWhatsAppStatuses } from '@/lib/data/whatsapp-statuses'
import { createAdminClient } from '@/lib/supabase/admin'

const text = (status: number, message: string) => new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional(), error_data: z.object({ details: z.string().optional() }).optional() })).optional(),
})
// A message a WhatsApp user sent the business number: a text, or a quick-reply button
// tapped on one of our templates (context.id is then that template message's wamid).
const messageSchema = z.object({
  from: z.string().regex(/^[1-9]\d{6,14}$/),
  context: z.object({ id: z.string().min(1).max(200) }).loose().optional(),
  text: z.object({ body: z.string().max(4096) }).loose().optional(),
  button: z.object({ text: z.string().max(1000).optional() }).loose().optional(),
})
// Statuses move the delivery history on; messages may confirm a number's opt-in. Anything
// else Meta sends (other fields, other message types' contents) is ignored.
const webhookSchema = z.object({
  entry: z.array(
    z.object({
      changes: z.array(z.object({ value: z.object({ statuses: z.array(z.unknown()).optional(), messages: z.array(z.unknown()).optional() }).loose() }).loose()),
    }).loose(),
  ),
})

const valid = <T,>(schema: z.ZodType<T>, items: unknown[]): T[] =>
  items.flatMap((item) => {
    const parsed = schema.safeParse(item)
    return parsed.success ? [parsed.data] : []
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

/**
 * WhatsApp's webhook: statuses (sent, delivered, read, failed) for the delivery history,
 * and messages from users, a reply to an opt-in message or its code confirming that number.
 */
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
  const values = parsed.data.entry.flatMap((entry) => entry.changes.map((change) => change.value))
  const statuses = valid(statusSchema, values.flatMap((value) => value.statuses ?? []))
  const messages = valid(messageSchema, values.flatMap((value) => value.messages ?? []))
  if (statuses.length > 0) await recordWhatsAppStatuses(createAdminClient(), statuses)
  for (const message of messages) {
    await confirmWhatsAppReply(createAdminClient(), { from: message.from, contextId: message.context?.id ?? null, text: message.text?.body ?? message.button?.text ?? null })
  }
  return text(200, 'OK')
}
