// A TCP hop between the app and the stack that can freeze: connections stay open but no byte
// moves, as with a stopped (SIGSTOP) or black-holed backend. The app is built against this port.
import { createServer, connect, type Socket } from 'node:net'

export interface Gateway {
  port: number
  freeze(): void
  thaw(): void
  close(): Promise<void>
}

export async function startGateway(port: number, upstream: () => number): Promise<Gateway> {
  let frozen = false
  const pairs = new Set<[Socket, Socket]>()
  const waiting: Socket[] = []

  function forward(client: Socket) {
    const server = connect({ host: '127.0.0.1', port: upstream() })
    const pair: [Socket, Socket] = [client, server]
    pairs.add(pair)
    const drop = () => {
      pairs.delete(pair)
      client.destroy()
      server.destroy()
    }
    client.on('error', drop).on('close', drop)
    server.on('error', drop).on('close', drop)
    client.pipe(server)
    server.pipe(client)
  }

  const listener = createServer((client) => {
    if (frozen) {
      client.pause()
      client.on('error', () => client.destroy())
      waiting.push(client)
    } else forward(client)
  })
  await new Promise<void>((done, fail) => listener.once('error', fail).listen(port, '127.0.0.1', () => done()))

  return {
    port,
    freeze() {
      frozen = true
      for (const [client, server] of pairs) {
        client.pause()
        server.pause()
      }
    },
    thaw() {
      frozen = false
      for (const [client, server] of pairs) {
        client.resume()
        server.resume()
      }
      for (const client of waiting.splice(0)) if (!client.destroyed) forward(client)
    },
    async close() {
      for (const [client, server] of pairs) {
        client.destroy()
        server.destroy()
      }
      for (const client of waiting.splice(0)) client.destroy()
      await new Promise((done) => listener.close(done))
    },
  }
}

/** A port free right now (the app is built against it before anything listens there). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', () => done()))
  const { port } = probe.address() as { port: number }
  await new Promise((done) => probe.close(done))
  return port
}
