// The local stack's mail catcher, as `supabase start` has one (Inbucket, now
// Mailpit): every email the app or the auth service sends is kept, not
// delivered. SMTP on 54325; on 54324 a small inbox page and a JSON API shaped
// like Mailpit's /api/v1 (messages, message, raw, headers, search, delete), so
// that tests and people read mail the same way against either.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { inboxPage, messagePage } from './inbox-page.ts'
import { matchesSearch, messageDetail, messageSummary, type CaughtMessage } from './mailpit-shape.ts'

export const SMTP_PORT = 54325
export const INBOX_PORT = 54324

/** The catcher's ports beside a stack's, as `supabase start` lays them out: 54321 → 54324 (inbox) and 54325 (SMTP). */
export const mailPortsFor = (stackPort: number) => ({ inboxPort: stackPort + 3, smtpPort: stackPort + 4 })
/** the oldest go first beyond this many, unless told otherwise */
const KEEP = 2000
/** Mailpit's own limit on a message, which the catcher keeps too */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024

export interface MailCatcher {
  smtpPort: number
  inboxUrl: string
  /** smtp://host:port, for SMTP_URL */
  smtpUrl: string
  messages(): readonly CaughtMessage[]
  /** messages taken since the start, and the most SMTP sessions open at once */
  stats(): { received: number; maxSessions: number }
  stop(): Promise<void>
}

interface MailCatcherOptions {
  host?: string
  smtpPort?: number
  inboxPort?: number
  keep?: number
  /** a port already taken (a second checkout's catcher) gives way to a free one, said in the log, instead of failing */
  fallback?: boolean
}

/** Listens on `port`, or on a free one when it is taken and `fallback` is on; rejects (never throws an 'error' event) otherwise. */
async function bind(listen: (port: number) => Promise<number>, port: number, fallback: boolean, what: string): Promise<number> {
  try {
    return await listen(port)
  } catch (error) {
    if (!fallback || port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    const bound = await listen(0)
    console.log(`▲ Mail catcher: port ${port} is taken (another checkout?), so its ${what} is on ${bound}`)
    return bound
  }
}

export async function startMailCatcher({ host = '127.0.0.1', smtpPort = SMTP_PORT, inboxPort = INBOX_PORT, keep = KEEP, fallback = false }: MailCatcherOptions = {}): Promise<MailCatcher> {
  const messages: CaughtMessage[] = []
  const stats = { received: 0, maxSessions: 0 }
  let sessions = 0

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    banner: 'ShelfSnap mail catcher',
    onConnect(_session, done) {
      sessions += 1
      stats.maxSessions = Math.max(stats.maxSessions, sessions)
      done()
    },
    onClose() {
      sessions -= 1
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) return done(Object.assign(new Error('Message too large'), { responseCode: 552 }))
        const raw = Buffer.concat(chunks)
        simpleParser(raw)
          .then((parsed) => {
            messages.unshift({
              id: randomUUID(),
              raw,
              parsed,
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              created: new Date(),
              read: false,
            })
            messages.splice(keep)
            stats.received += 1
            done()
          })
          .catch(done)
      })
    },
  })
  // SMTPServer re-emits its socket's errors as its own 'error' events: unheard, one ends the process.
  const listenSmtp = (port: number) =>
    new Promise<number>((resolve, reject) => {
      smtp.once('error', reject)
      smtp.listen(port, host, () => {
        smtp.off('error', reject)
        resolve((smtp.server.address() as AddressInfo).port)
      })
    })
  const boundSmtp = await bind(listenSmtp, smtpPort, fallback, 'SMTP')
  smtp.on('error', (error) => console.error('[mail] SMTP error', error))

  const http = createServer((req, res) => {
    try {
      route(req, res, messages)
    } catch (error) {
      console.error('[mail] unhandled error', error)
      send(res, 500, { Error: 'internal error' })
    }
  })
  const listenHttp = (port: number) =>
    new Promise<number>((resolve, reject) => {
      http.once('error', reject)
      http.listen(port, host, () => {
        http.off('error', reject)
        resolve((http.address() as AddressInfo).port)
      })
    })
  const boundInbox = await bind(listenHttp, inboxPort, fallback, 'inbox').catch(async (error: unknown) => {
    await new Promise<void>((done) => smtp.close(() => done()))
    throw error
  })

  return {
    smtpPort: boundSmtp,
    inboxUrl: `http://${host}:${boundInbox}`,
    smtpUrl: `smtp://${host}:${boundSmtp}`,
    messages: () => messages,
    stats: () => ({ ...stats }),
    async stop() {
      http.closeAllConnections()
      await Promise.all([close(http), new Promise<void>((done) => smtp.close(() => done()))])
    },
  }
}

const close = (server: Server) => new Promise<void>((done) => server.close(() => done()))

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8') {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

function page(messages: CaughtMessage[], url: URL) {
  const start = Math.max(0, Number(url.searchParams.get('start')) || 0)
  const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get('limit')) || 50))
  return { start, limit, slice: messages.slice(start, start + limit) }
}

function list(all: CaughtMessage[], found: CaughtMessage[], url: URL) {
  const { start, slice } = page(found, url)
  return {
    total: all.length,
    unread: all.filter((m) => !m.read).length,
    count: slice.length,
    messages_count: found.length,
    start,
    tags: [],
    messages: slice.map(messageSummary),
  }
}

function route(req: IncomingMessage, res: ServerResponse, messages: CaughtMessage[]) {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const path = url.pathname
  const byId = (id: string) => messages.find((m) => m.id === id) ?? (id === 'latest' ? messages[0] : undefined)
  if (req.method === 'GET' && path === '/') return send(res, 200, inboxPage(messages), 'text/html; charset=utf-8')
  if (req.method === 'GET' && path === '/api/v1/messages') return send(res, 200, list(messages, messages, url))
  if (req.method === 'GET' && path === '/api/v1/search') {
    const query = url.searchParams.get('query') ?? ''
    return send(res, 200, list(messages, messages.filter((m) => matchesSearch(m, query)), url))
  }
  if (req.method === 'DELETE' && (path === '/api/v1/messages' || path === '/api/v1/search')) {
    return readBody(req)
      .then((body) => {
        const ids = body ? ((JSON.parse(body) as { IDs?: string[] }).IDs ?? []) : []
        const query = path === '/api/v1/search' ? (url.searchParams.get('query') ?? '') : null
        for (let i = messages.length - 1; i >= 0; i--) {
          const m = messages[i]!
          const gone = query !== null ? matchesSearch(m, query) : ids.length === 0 || ids.includes(m.id)
          if (gone) messages.splice(i, 1)
        }
        send(res, 200, 'ok', 'text/plain; charset=utf-8')
      })
      .catch(() => send(res, 400, 'Send {"IDs": [...]} or nothing', 'text/plain; charset=utf-8'))
  }
  const match = /^\/(?:api\/v1\/message|view)\/([\w-]+)(\/raw|\/headers|\.html)?$/.exec(path)
  const message = match && req.method === 'GET' ? byId(match[1]!) : undefined
  if (!message) return send(res, 404, 'Message not found', 'text/plain; charset=utf-8')
  message.read = true
  switch (match![2]) {
    case '/raw':
      return send(res, 200, message.raw.toString('utf8'), 'text/plain; charset=utf-8')
    case '/headers': {
      const headers: Record<string, string[]> = {}
      for (const { line } of message.parsed.headerLines) {
        const colon = line.indexOf(':')
        ;(headers[line.slice(0, colon)] ??= []).push(line.slice(colon + 1).trim())
      }
      return send(res, 200, headers)
    }
    case '.html':
      return send(res, 200, messagePage(message), 'text/html; charset=utf-8')
    default:
      return send(res, 200, messageDetail(message))
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
      if (body.length > 1_000_000) reject(new Error('too large'))
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}
