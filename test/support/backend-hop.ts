// An HTTP hop between the app (and its browsers) and the local stack, as a gateway in front of
// Supabase would be. It can freeze, for everyone or for one user's requests: a frozen request is
// read in full and held, and on thaw it goes on to the stack whether or not its caller is still
// waiting, as a SIGSTOPped server reads its socket after SIGCONT. It can also cut one service
// (the database dies while auth still answers). A websocket (Realtime) goes through as it is:
// its upgrade is passed on and the two sockets joined; freezing does not hold its frames.
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect, createServer as createNetServer, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'

export interface BackendHop {
  port: number
  /** holds every request, or only those carrying `userId`'s access token */
  freeze(userId?: string): void
  thaw(userId?: string): void
  /** connections to paths under this prefix are dropped, e.g. '/rest/v1' */
  cut(prefix: string | null): void
  /** the paths (without the query) of the HTTP requests that came through, oldest first; clear it to count afresh */
  seen: string[]
  close(): Promise<void>
}

const EVERYONE = '*'

/** The `sub` of the bearer token a request carries, if any. */
function userOf(request: IncomingMessage): string | null {
  const token = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: string }).sub ?? null
  } catch {
    return null
  }
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function startBackendHop(port: number, upstream: () => number): Promise<BackendHop> {
  const frozen = new Set<string>()
  let cutPrefix: string | null = null
  const held: { user: string | null; send: () => void }[] = []
  const seen: string[] = []

  function send(request: IncomingMessage, response: ServerResponse, body?: Buffer) {
    const outgoing = forward({ host: '127.0.0.1', port: upstream(), method: request.method, path: request.url, headers: request.headers }, (answer) => {
      if (response.destroyed) return void answer.resume()
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    })
    // The stack is down: the caller sees a dropped connection, as it would without us.
    outgoing.on('error', () => request.socket.destroy())
    if (body) outgoing.end(body)
    else request.pipe(outgoing)
  }

  async function pass(request: IncomingMessage, response: ServerResponse) {
    seen.push(request.url?.split('?')[0] ?? '')
    if (cutPrefix && request.url?.startsWith(cutPrefix)) return void request.socket.destroy()
    const user = userOf(request)
    if (!frozen.has(EVERYONE) && !(user && frozen.has(user))) return send(request, response)
    const body = await bodyOf(request)
    held.push({ user, send: () => send(request, response, body) })
  }

  const tunnels = new Set<Duplex>()
  function tunnel(request: IncomingMessage, socket: Duplex, head: Buffer) {
    if (cutPrefix && request.url?.startsWith(cutPrefix)) return void socket.destroy()
    const upstreamSocket: Socket = connect(upstream(), '127.0.0.1', () => {
      const headers: string[] = []
      for (let i = 0; i < request.rawHeaders.length; i += 2) headers.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`)
      upstreamSocket.write(`${request.method} ${request.url} HTTP/${request.httpVersion}\r\n${headers.join('\r\n')}\r\n\r\n`)
      if (head.length > 0) upstreamSocket.write(head)
      upstreamSocket.pipe(socket).pipe(upstreamSocket)
    })
    for (const end of [socket, upstreamSocket]) {
      tunnels.add(end)
      end.on('error', () => (end === socket ? upstreamSocket : socket).destroy())
      end.on('close', () => {
        tunnels.delete(end)
        ;(end === socket ? upstreamSocket : socket).destroy()
      })
    }
  }

  const server = createServer((request, response) => void pass(request, response))
  server.on('upgrade', tunnel)
  // As the stack's own: Node's 5 s default closes kept-alive sockets a busy client is about to reuse.
  server.keepAliveTimeout = 60_000
  server.headersTimeout = 65_000
  await new Promise<void>((done, fail) => server.once('error', fail).listen(port, '127.0.0.1', () => done()))

  return {
    port: (server.address() as { port: number }).port,
    freeze: (userId = EVERYONE) => void frozen.add(userId),
    thaw(userId = EVERYONE) {
      frozen.delete(userId)
      const release = held.filter(({ user }) => userId === EVERYONE || user === userId)
      for (const request of release) held.splice(held.indexOf(request), 1)
      for (const { send } of release) send()
    },
    cut: (prefix) => void (cutPrefix = prefix),
    seen,
    async close() {
      held.length = 0
      for (const socket of tunnels) socket.destroy()
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
    },
  }
}

/**
 * A control port for a hop run by another process (scripts/e2e.ts): `POST /freeze?user=<id>` and
 * `POST /thaw?user=<id>`, for specs running in Playwright's workers.
 */
export async function startHopControl(hop: BackendHop): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://hop')
    const user = url.searchParams.get('user') ?? undefined
    if (request.method === 'POST' && url.pathname === '/freeze') hop.freeze(user)
    else if (request.method === 'POST' && url.pathname === '/thaw') hop.thaw(user)
    else return void response.writeHead(404).end()
    response.writeHead(204).end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise((done) => server.close(() => done())),
  }
}

/** A port free right now (the app is built against it before anything listens there). */
export async function freePort(): Promise<number> {
  const probe = createNetServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', () => done()))
  const { port } = probe.address() as { port: number }
  await new Promise((done) => probe.close(done))
  return port
}
