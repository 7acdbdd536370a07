// The WhatsApp Cloud API client against a local fake of graph.facebook.com over real
// HTTP: the request Meta expects, and every failure as a reason, never a throw.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAKE_PHONE_NUMBER_ID, FAKE_TOKEN, startFakeWhatsAppGraph } from '@/test/support/fake-whatsapp-graph'
import { sendWhatsAppTemplate, whatsAppConfig, type WhatsAppConfig } from './cloud-api'

const SEVEN = ['a', 'b', 'c', 'd', 'e', 'f', 'g']

let graph: Awaited<ReturnType<typeof startFakeWhatsAppGraph>>
let config: WhatsAppConfig

beforeAll(async () => {
  graph = await startFakeWhatsAppGraph()
  config = { token: FAKE_TOKEN, phoneNumberId: FAKE_PHONE_NUMBER_ID, templateName: 'daily_report', optInTemplateName: 'report_opt_in', templateLanguage: 'en_GB', apiUrl: graph.apiUrl }
})
afterAll(() => graph?.stop())

describe('sendWhatsAppTemplate', () => {
  it("sends the approved template with its body parameters and returns WhatsApp's message id", async () => {
    const result = await sendWhatsAppTemplate('+447700900123', ['Corner Shop', 'Mon 23 Nov 2026', 'line one\nline two', '£7.50     ', '0', 'nothing', 'https://x'], config)
    expect(result).toEqual({ ok: true, messageId: expect.stringMatching(/^wamid\./) })
    expect(graph.sent.at(-1)).toEqual({
      path: `/v23.0/${FAKE_PHONE_NUMBER_ID}/messages`,
      authorization: `Bearer ${FAKE_TOKEN}`,
      id: result.ok ? result.messageId : undefined,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '447700900123',
        type: 'template',
        template: {
          name: 'daily_report',
          language: { code: 'en_GB' },
          components: [
            {
              type: 'body',
              // no new lines, tabs or runs of more than 4 spaces: WhatsApp refuses them
              parameters: ['Corner Shop', 'Mon 23 Nov 2026', 'line one line two', '£7.50', '0', 'nothing', 'https://x'].map((text) => ({ type: 'text', text })),
            },
          ],
        },
      },
    })
  })

  it.each([
    ['an expired token (190)', '+447700900190', { reason: "WhatsApp no longer accepts this server's access: whoever runs your ShelfSnap needs to renew it", retry: false }],
    ['a rate limit (130429)', '+447700900429', { reason: 'WhatsApp rate limit reached: it will be tried again later', retry: true }],
    ['a number not on WhatsApp (131026)', '+447700900026', { reason: 'This number cannot get WhatsApp messages (not on WhatsApp, or an old app)', retry: false }],
    [
      'the 24-hour window (131047)',
      '+447700900047',
      { reason: "WhatsApp refused it: more than 24 hours since this number last wrote to the shop's number", retry: false },
    ],
    ['a server error (500, 131000)', '+447700900500', { reason: 'WhatsApp refused it (131000): Something went wrong', retry: true }],
  ])('turns %s into a clear reason', async (_case, to, expected) => {
    expect(await sendWhatsAppTemplate(to, SEVEN, config)).toEqual({ ok: false, ...expected })
  })

  it('sends another template by name, and says so when its parameters do not match the registered one', async () => {
    expect(await sendWhatsAppTemplate('+447911123456', ['Corner Shop', '123456'], config, config.optInTemplateName)).toMatchObject({ ok: true })
    expect(graph.sent.at(-1)!.body.template.name).toBe('report_opt_in')
    expect(await sendWhatsAppTemplate('+447911123456', ['Corner Shop'], config, 'report_opt_in')).toEqual({
      ok: false,
      reason: 'The WhatsApp template does not match (body: number of localizable_params (1) does not match the expected number of params (2))',
      retry: false,
    })
  })

  it('turns a wrong token, no server and a server that never answers into reasons, without throwing', async () => {
    expect(await sendWhatsAppTemplate('+447700900123', SEVEN, { ...config, token: 'wrong' })).toMatchObject({ ok: false, retry: false })
    expect(await sendWhatsAppTemplate('+447700900123', SEVEN, { ...config, apiUrl: 'http://127.0.0.1:1/v23.0' })).toEqual({
      ok: false,
      reason: 'WhatsApp could not be reached',
      retry: true,
    })
    const silent = createServer(() => {})
    await new Promise<void>((ready) => silent.listen(0, '127.0.0.1', ready))
    const apiUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v23.0`
    expect(await sendWhatsAppTemplate('+447700900123', SEVEN, { ...config, apiUrl, timeoutMs: 200 })).toEqual({
      ok: false,
      reason: 'WhatsApp did not answer in time',
      retry: true,
    })
    silent.closeAllConnections()
    silent.close()
  })
})

describe('whatsAppConfig', () => {
  it('is null without a token or a phone number id, and reads the template from the environment', () => {
    const saved = { ...process.env }
    delete process.env.WHATSAPP_TOKEN
    process.env.WHATSAPP_PHONE_NUMBER_ID = '1'
    expect(whatsAppConfig()).toBeNull()
    Object.assign(process.env, { WHATSAPP_TOKEN: 't', WHATSAPP_TEMPLATE_NAME: 'shop_report', WHATSAPP_TEMPLATE_LANGUAGE: 'hi' })
    expect(whatsAppConfig()).toEqual({
      token: 't',
      phoneNumberId: '1',
      templateName: 'shop_report',
      optInTemplateName: 'report_opt_in',
      templateLanguage: 'hi',
      apiUrl: 'https://graph.facebook.com/v23.0',
    })
    process.env = saved
  })
})
