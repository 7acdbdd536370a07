import 'server-only'

export interface WhatsAppConfig {
  token: string
  phoneNumberId: string
  /** the daily report's template */
  templateName: string
  /** the opt-in code's template */
  optInTemplateName: string
  templateLanguage: string
  /** the Graph API's base with its version; tests point it at a local fake */
  apiUrl: string
  timeoutMs?: number
}

export type WhatsAppSendResult = { ok: true; messageId: string } | { ok: false; reason: string; retry: boolean }

const SEND_TIMEOUT_MS = 15_000

/** WHATSAPP_* from the environment, or null when this server cannot send WhatsApp messages. */
export function whatsAppConfig(): WhatsAppConfig | null {
  const token = process.env.WHATSAPP_TOKEN
  const phoneNumberId = process.env.WHATSAPP_PHONE_NUMBER_ID
  if (!token || !phoneNumberId) return null
  return {
    token,
    phoneNumberId,
    templateName: process.env.WHATSAPP_TEMPLATE_NAME || 'daily_report',
    optInTemplateName: process.env.WHATSAPP_OPT_IN_TEMPLATE_NAME || 'report_opt_in',
    templateLanguage: process.env.WHATSAPP_TEMPLATE_LANGUAGE || 'en',
    apiUrl: (process.env.WHATSAPP_API_URL || 'https://graph.facebook.com/v23.0').replace(/\/$/, ''),
  }
}

export const canSendWhatsApp = () => whatsAppConfig() !== null

/** What an owner is told where WhatsApp would be: no variable names, those are in the README. */
export const WHATSAPP_UNAVAILABLE = 'WhatsApp is not available on this server yet: whoever runs your ShelfSnap can set it up.'

// Template parameters may not hold new lines, tabs or more than four spaces in a row.
const cleanParam = (text: string) => text.replace(/[\n\r\t]+/g, ' ').replace(/ {4,}/g, '   ').trim() || '-'

/**
 * Sends an approved template (business-initiated messages need one; the daily report's
 * unless named) to an E.164 number, `params` filling its body. Never throws: every failure
 * comes back with a reason and whether a later try may succeed.
 */
export async function sendWhatsAppTemplate(to: string, params: string[], config: WhatsAppConfig, templateName = config.templateName): Promise<WhatsAppSendResult> {
  let response: Response
  try {
    response = await fetch(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: templateName,
          language: { code: config.templateLanguage },
          components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text: cleanParam(text) })) }],
        },
      }),
      signal: AbortSignal.timeout(config.timeoutMs ?? SEND_TIMEOUT_MS),
    })
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    return { ok: false, reason: timedOut ? 'WhatsApp did not answer in time' : 'WhatsApp could not be reached', retry: true }
  }
  const body = (await response.json().catch(() => null)) as GraphBody | null
  const messageId = body?.messages?.[0]?.id
  if (response.ok && messageId) return { ok: true, messageId }
  return graphFailure(response.status, body?.error)
}

interface GraphError {
  message?: string
  code?: number
  error_subcode?: number
  error_data?: { details?: string }
}

interface GraphBody {
  messages?: { id?: string }[]
  error?: GraphError
}

const RETRYABLE = new Set([4, 80007, 130429, 131000, 131016, 131056, 133004])

/** What a Graph API error means for the owner, by its code (titles in `message` are being retired). */
export function graphFailure(status: number, error: GraphError | undefined): WhatsAppSendResult & { ok: false } {
  const code = error?.code
  const details = error?.error_data?.details ?? error?.message ?? `HTTP ${status}`
  switch (code) {
    case 190:
      return { ok: false, reason: "WhatsApp no longer accepts this server's access: whoever runs your ShelfSnap needs to renew it", retry: false }
    case 130429:
    case 131056:
    case 80007:
      return { ok: false, reason: 'WhatsApp rate limit reached: it will be tried again later', retry: true }
    case 131026:
      return { ok: false, reason: 'This number cannot get WhatsApp messages (not on WhatsApp, or an old app)', retry: false }
    case 131047:
      return { ok: false, reason: "WhatsApp refused it: more than 24 hours since this number last wrote to the shop's number", retry: false }
    case 131030:
      return { ok: false, reason: 'This number is not on the WhatsApp test account’s allowed list', retry: false }
    case 132000:
    case 132001:
      return { ok: false, reason: `The WhatsApp template does not match (${details})`, retry: false }
  }
  const retry = status >= 500 || (code !== undefined && RETRYABLE.has(code))
  return { ok: false, reason: `WhatsApp refused it${code ? ` (${code})` : ''}: ${details}`.slice(0, 500), retry }
}
