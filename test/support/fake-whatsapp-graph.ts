// A stand-in for Meta's WhatsApp Cloud API (graph.facebook.com), which tests cannot
// reach: POST /{version}/{phone-number-id}/messages with the Graph API's real request
// and answer shapes, success and error bodies alike ({ error: { message, type, code,
// error_subcode, error_data, fbtrace_id } }), chosen per recipient number; templates
// checked against the ones registered in WhatsApp Manager (name and body parameter
// count, as Meta checks them); and signed webhooks as Meta posts them: statuses, and
// messages from users (a text, or a quick-reply button tapped on a template).
import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_TOKEN = 'fake-whatsapp-token'
export const FAKE_PHONE_NUMBER_ID = '106540352242922'

interface GraphErrorCase {
  status: number
  error: { message: string; type: string; code: number; error_subcode?: number; error_data?: { messaging_product: 'whatsapp'; details: string } }
}

const details = (text: string) => ({ messaging_product: 'whatsapp' as const, details: text })

/** Numbers (E.164 digits) that answer with a Graph error, as Meta words them. */
export const ERROR_NUMBERS: Record<string, GraphErrorCase> = {
  // the access token expired (code 190, subcode 463)
  '447700900190': {
    status: 401,
    error: { message: 'Error validating access token: Session has expired on Sunday, 22-Nov-26 10:00:00 PST.', type: 'OAuthException', code: 190, error_subcode: 463 },
  },
  '447700900429': {
    status: 400,
    error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429, error_data: details('Cloud API message throughput has been reached.') },
  },
  // not on WhatsApp
  '447700900026': {
    status: 400,
    error: { message: '(#131026) Message Undeliverable', type: 'OAuthException', code: 131026, error_data: details('Message failed to send because the recipient is not a WhatsApp user.') },
  },
  '447700900047': {
    status: 400,
    error: {
      message: '(#131047) Re-engagement message',
      type: 'OAuthException',
      code: 131047,
      error_subcode: 2494010,
      error_data: details('Message failed to send because more than 24 hours have passed since the customer last replied to this number.'),
    },
  },
  '447700900500': { status: 500, error: { message: '(#131000) Something went wrong', type: 'OAuthException', code: 131000, error_data: details('Something went wrong') } },
}

/** The templates ShelfSnap's README says to register, with their body parameter counts. */
export const REGISTERED_TEMPLATES: Record<string, number> = { daily_report: 7, report_opt_in: 2 }

export interface SentTemplate {
  path: string
  authorization: string | undefined
  /** the wamid it answered with; none for a number that answers with an error */
  id?: string
  body: {
    messaging_product: string
    recipient_type: string
    to: string
    type: string
    template: { name: string; language: { code: string }; components: { type: string; parameters: { type: string; text: string }[] }[] }
  }
}

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** The app secret the fake's webhooks are signed with. */
export const FAKE_APP_SECRET = 'test-app-secret'

/** The server's WhatsApp settings, for process.env, pointing at a fake started at `apiUrl`. */
export const fakeWhatsAppEnv = (apiUrl: string) => ({
  WHATSAPP_TOKEN: FAKE_TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: FAKE_PHONE_NUMBER_ID,
  WHATSAPP_API_URL: apiUrl,
  WHATSAPP_APP_SECRET: FAKE_APP_SECRET,
})

/** A POST to the app's webhook route, signed when `signature` is given. */
export const webhookRequest = (body: string, signature?: string) =>
  new Request('http://localhost:3000/api/whatsapp/webhook', { method: 'POST', body, headers: signature ? { 'X-Hub-Signature-256': signature } : {} })

export async function startFakeWhatsAppGraph() {
  const sent: SentTemplate[] = []
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const fbtrace_id = randomUUID().slice(0, 11)
    const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(req.url ?? '')
    if (req.method !== 'POST' || !match) return reply(400, { error: { message: 'Unsupported post request.', type: 'GraphMethodException', code: 100, error_subcode: 33, fbtrace_id } })
    if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) {
      return reply(401, { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id } })
    }
    let body: SentTemplate['body']
    try {
      body = JSON.parse(await read(req)) as SentTemplate['body']
    } catch {
      return reply(400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id } })
    }
    if (body?.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.template?.name || !/^\d{7,15}$/.test(body.to ?? '')) {
      return reply(400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, error_data: details('Parameter value is not valid'), fbtrace_id } })
    }
    const expected = REGISTERED_TEMPLATES[body.template.name]
    if (expected === undefined) {
      return reply(400, { error: { message: '(#132001) Template name does not exist in the translation', type: 'OAuthException', code: 132001, error_data: details(`template name (${body.template.name}) does not exist in ${body.template.language?.code}`), fbtrace_id } })
    }
    const given = body.template.components?.find((component) => component.type === 'body')?.parameters.length ?? 0
    if (given !== expected) {
      return reply(400, { error: { message: '(#132000) Number of parameters does not match the expected number of params', type: 'OAuthException', code: 132000, error_data: details(`body: number of localizable_params (${given}) does not match the expected number of params (${expected})`), fbtrace_id } })
    }
    const failure = ERROR_NUMBERS[body.to]
    const id = failure ? undefined : `wamid.${Buffer.from(randomUUID()).toString('base64url')}`
    sent.push({ path: req.url!, authorization: req.headers.authorization, body, id })
    if (failure) return reply(failure.status, { error: { ...failure.error, fbtrace_id } })
    reply(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id, message_status: 'accepted' }] })
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const port = (server.address() as AddressInfo).port
  return {
    /** for WHATSAPP_API_URL */
    apiUrl: `http://127.0.0.1:${port}/v23.0`,
    sent,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  }
}

export interface StatusUpdate {
  id: string
  status: 'sent' | 'delivered' | 'read' | 'failed'
  recipient_id: string
  errors?: { code: number; title: string; message: string; error_data: { details: string } }[]
}

const signed = (value: Record<string, unknown>, appSecret: string) => {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: FAKE_PHONE_NUMBER_ID }, ...value },
          },
        ],
      },
    ],
  })
  return { body, signature: `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}` }
}

const timestamp = () => String(Math.floor(Date.now() / 1000))

/** A `messages` webhook with statuses, as Meta posts it, and its X-Hub-Signature-256 for `appSecret`. */
export function statusWebhook(statuses: StatusUpdate[], appSecret: string): { body: string; signature: string } {
  return signed({ statuses: statuses.map((status) => ({ ...status, timestamp: timestamp() })) }, appSecret)
}

export type InboundMessage = { from: string; text: string; replyTo?: string } | { from: string; button: string; replyTo: string }

/**
 * A `messages` webhook for a message a WhatsApp user sent the business number: a text
 * (a reply to one of ours when `replyTo` names its wamid), or a quick-reply button
 * tapped on our template `replyTo`. `from` is digits, as Meta sends it.
 */
export function inboundWebhook(message: InboundMessage, appSecret: string): { body: string; signature: string } {
  const common = { from: message.from, id: `wamid.${Buffer.from(randomUUID()).toString('base64url')}`, timestamp: timestamp() }
  const context = message.replyTo ? { context: { from: '15550783881', id: message.replyTo } } : {}
  const content = 'button' in message ? { type: 'button', button: { payload: message.button, text: message.button } } : { type: 'text', text: { body: message.text } }
  return signed({ contacts: [{ profile: { name: 'Sam' }, wa_id: message.from }], messages: [{ ...context, ...common, ...content }] }, appSecret)
}
