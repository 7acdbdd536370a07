// An HTTP hop between the app and the stack (the app is built against its port), as a gateway
// in front of Supabase would be. It can freeze (requests wait, no answer: a SIGSTOPped or
// black-holed backend) or cut one service (the database dies while auth still answers).
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createNetServer } from 'node:net'

export interface Gateway {
  port: number
  freeze(): void
  thaw(): void
  /** connections to paths under this prefix are dropped, e.g. '/rest/v1' */
  cut(prefix: string | null): void
  close(): Promise<void>
}

export async function startGateway(port: number, upstream: () => number): Promise<Gateway> {
  let frozen = false
  let cutPrefix: string | null = null
  const held: (() => void)[] = []

  function pass(request: IncomingMessage, response: ServerResponse) {
    if (frozen) return void held.push(() => pass(request, response))
    if (cutPrefix && request.url?.startsWith(cutPrefix)) return void request.socket.destroy()
    const outgoing = forward(
      { host: '127.0.0.1', port: upstream(), method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    // The stack is down: the caller sees a dropped connection, as it would without us.
    outgoing.on('error', () => request.socket.destroy())
    request.pipe(outgoing)
  }

  const server = createServer(pass)
  await new Promise<void>((done, fail) => server.once('error', fail).listen(port, '127.0.0.1', () => done()))

  return {
    port,
    freeze: () => void (frozen = true),
    thaw() {
      frozen = false
      for (const resume of held.splice(0)) resume()
    },
    cut: (prefix) => void (cutPrefix = prefix),
    async close() {
      held.length = 0
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
    },
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
