// The mail catcher over real SMTP (nodemailer, as the app sends) and real HTTP:
// what is sent is listed and shown in Mailpit's shapes, searched, and deleted.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import nodemailer, { type SendMailOptions } from 'nodemailer'
import { createServer, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import { mailPortsFor, startMailCatcher, type MailCatcher } from '../mail/mail-catcher.ts'

let catcher: MailCatcher
const api = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${catcher.inboxUrl}${path}`, init)
  const type = res.headers.get('content-type') ?? ''
  return { status: res.status, type, body: type.startsWith('application/json') ? await res.json() : await res.text() }
}

beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, inboxPort: 0 })
})
afterAll(async () => catcher?.stop())
beforeEach(async () => {
  await api('/api/v1/messages', { method: 'DELETE' })
})

async function sendMail(options: SendMailOptions) {
  const transport = nodemailer.createTransport(catcher.smtpUrl)
  try {
    return await transport.sendMail({ from: '"ShelfSnap" <reports@shelfsnap.example>', ...options })
  } finally {
    transport.close()
  }
}

describe('mail catcher', () => {
  it('keeps what is sent over SMTP and lists it newest first, as Mailpit does', async () => {
    await sendMail({ to: 'owner@example.com', subject: 'First', text: 'One' })
    await sendMail({ to: 'Sam <sam@example.com>', cc: 'cc@example.com', bcc: 'hidden@example.com', subject: 'Second', text: 'Two\nlines' })
    const { status, body } = await api('/api/v1/messages')
    expect(status).toBe(200)
    expect(body).toMatchObject({ total: 2, unread: 2, count: 2, messages_count: 2, start: 0 })
    expect(body.messages[0]).toMatchObject({
      Read: false,
      From: { Name: 'ShelfSnap', Address: 'reports@shelfsnap.example' },
      To: [{ Name: 'Sam', Address: 'sam@example.com' }],
      Cc: [{ Name: '', Address: 'cc@example.com' }],
      Bcc: [{ Name: '', Address: 'hidden@example.com' }],
      Subject: 'Second',
      Snippet: 'Two lines',
      Attachments: 0,
    })
    expect(body.messages[0].ID).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.messages[1].Subject).toBe('First')
  })

  it('shows a message with its text, HTML and List-Unsubscribe, and marks it read', async () => {
    await sendMail({
      to: 'owner@example.com',
      subject: 'Daily report',
      text: 'Units sold: 12',
      html: '<p>Units sold: <b>12</b></p>',
      headers: { 'List-Unsubscribe': '<https://app.example/unsubscribe?t=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    })
    const { body: list } = await api('/api/v1/messages')
    const id = list.messages[0].ID as string
    const { body } = await api(`/api/v1/message/${id}`)
    expect(body).toMatchObject({
      ID: id,
      Subject: 'Daily report',
      Text: 'Units sold: 12',
      HTML: '<p>Units sold: <b>12</b></p>',
      ListUnsubscribe: { Header: '<https://app.example/unsubscribe?t=abc>', Links: ['https://app.example/unsubscribe?t=abc'], Errors: '', HeaderPost: 'List-Unsubscribe=One-Click' },
    })
    expect((await api('/api/v1/messages')).body.unread).toBe(0)
    expect((await api(`/api/v1/message/${id}/headers`)).body.Subject).toEqual(['Daily report'])
    expect((await api(`/api/v1/message/${id}/raw`)).body).toContain('Subject: Daily report')
    expect((await api('/api/v1/message/latest')).body.ID).toBe(id)
  })

  it('searches by recipient, subject and words, and deletes by id or all', async () => {
    await sendMail({ to: 'a@example.com', subject: 'Confirm your signup', text: 'Follow this link' })
    await sendMail({ to: 'b@example.com', subject: 'Reset your password', text: 'Follow this other link' })
    const search = async (query: string) => (await api(`/api/v1/search?query=${encodeURIComponent(query)}`)).body
    expect((await search('to:a@example.com')).messages.map((m: { Subject: string }) => m.Subject)).toEqual(['Confirm your signup'])
    expect((await search('subject:"reset your"')).messages_count).toBe(1)
    expect((await search('follow link')).messages_count).toBe(2)
    expect((await search('to:nobody@example.com')).messages_count).toBe(0)
    const first = (await search('to:b@example.com')).messages[0].ID
    await api('/api/v1/messages', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ IDs: [first] }) })
    expect((await api('/api/v1/messages')).body.total).toBe(1)
    await api('/api/v1/messages', { method: 'DELETE' })
    expect((await api('/api/v1/messages')).body.total).toBe(0)
  })

  it('answers unknown messages and bad requests with 4xx, never 500', async () => {
    expect((await api('/api/v1/message/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await api('/api/v1/message/latest')).status).toBe(404)
    expect((await api('/api/v1/messages', { method: 'DELETE', body: '{not json' })).status).toBe(400)
    expect((await api('/nowhere')).status).toBe(404)
  })

  it('shows the inbox page and each message, its HTML in a sandboxed frame', async () => {
    await sendMail({ to: 'owner@example.com', subject: '<script>alert(1)</script>', html: '<script>alert(2)</script><p>Hi</p>' })
    const inbox = await api('/')
    expect(inbox.type).toMatch(/^text\/html/)
    expect(inbox.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(inbox.body).not.toContain('<script>')
    const id = (await api('/api/v1/messages')).body.messages[0].ID
    const view = await api(`/view/${id}.html`)
    expect(view.body).toContain('<iframe title="The message" sandbox srcdoc="&lt;script&gt;alert(2)&lt;/script&gt;&lt;p&gt;Hi&lt;/p&gt;')
  })
})

describe('ports taken by a second checkout', () => {
  const occupy = async () => {
    const server: Server = createServer()
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
    return { server, port: (server.address() as AddressInfo).port }
  }

  it('lays its ports beside the stack’s, as supabase start does', () => {
    expect(mailPortsFor(54321)).toEqual({ inboxPort: 54324, smtpPort: 54325 })
    expect(mailPortsFor(55521)).toEqual({ inboxPort: 55524, smtpPort: 55525 })
  })

  it('falls back to free ports when its SMTP or inbox port is taken, and still catches mail', async () => {
    const [smtpTaken, inboxTaken] = [await occupy(), await occupy()]
    const second = await startMailCatcher({ smtpPort: smtpTaken.port, inboxPort: inboxTaken.port, fallback: true })
    try {
      expect(second.smtpPort).not.toBe(smtpTaken.port)
      expect(second.inboxUrl).not.toBe(`http://127.0.0.1:${inboxTaken.port}`)
      const transport = nodemailer.createTransport(second.smtpUrl)
      await transport.sendMail({ from: 'reports@shelfsnap.example', to: 'owner@example.com', subject: 'Still caught', text: 'x' })
      transport.close()
      const list = (await (await fetch(`${second.inboxUrl}/api/v1/messages`)).json()) as { messages: { Subject: string }[] }
      expect(list.messages.map((message) => message.Subject)).toEqual(['Still caught'])
    } finally {
      await second.stop()
      smtpTaken.server.close()
      inboxTaken.server.close()
    }
  })

  it('without fallback, says the port is taken by rejecting, never by an error event that ends the process', async () => {
    const taken = await occupy()
    await expect(startMailCatcher({ smtpPort: taken.port, inboxPort: 0 })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    // the SMTP port was free and the inbox's taken: the SMTP server is closed again
    const { port: free } = await occupy().then(({ server, port }) => (server.close(), { port }))
    await expect(startMailCatcher({ smtpPort: free, inboxPort: taken.port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    const again = await startMailCatcher({ smtpPort: free, inboxPort: 0 })
    await again.stop()
    taken.server.close()
  })
})
