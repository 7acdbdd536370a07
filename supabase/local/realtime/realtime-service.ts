import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../config.ts'
import { headerValue } from '../gateway.ts'
import type { ServiceContext } from '../stack.ts'
import { checkToken, type TokenProblem } from './channel-token.ts'
import { ChangeFeed } from './change-feed.ts'
import type { Vsn } from './phoenix-frames.ts'
import { RealtimeSocket, type BroadcastHub } from './realtime-socket.ts'
import { SubscriptionRegistry } from './subscriptions.ts'

export const REALTIME_PATH = '/realtime/v1/websocket'

export interface RealtimeService {
  /** An HTTP upgrade on REALTIME_PATH. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Waits until every change committed so far has been sent. */
  settled(): Promise<void>
  /** Cuts every websocket as a lost network would (no close frame); for tests of reconnecting. */
  dropConnections(): void
  stop(): Promise<void>
}

// Realtime's UserSocket.handle_error: the status and text a refused connection gets.
const REFUSED: Record<TokenProblem | 'missing', string> = {
  missing: 'API key is missing',
  expired: 'Token has expired',
  missing_claims: 'Fields `role` and `exp` are required in JWT',
  malformed: 'The token provided is not a valid JWT',
  signature: 'Failed to validate JWT signature',
}

function refuse(socket: Duplex, status: number, body: Record<string, string> | null): void {
  const text = body ? JSON.stringify(body) : ''
  const reason = status === 401 ? 'Unauthorized' : 'Forbidden'
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`)
}

/** The key's JWT, as the gateway maps the opaque keys (gateway.ts); Realtime reads x-api-key before the apikey param. */
function apiKeyToken(req: IncomingMessage, url: URL): string | null {
  const key = headerValue(req.headers['x-api-key']) ?? url.searchParams.get('apikey')
  if (key === SECRET_KEY) return SERVICE_ROLE_KEY
  if (key === PUBLISHABLE_KEY) return ANON_KEY
  return key || null
}

export async function createRealtimeService(ctx: ServiceContext): Promise<RealtimeService> {
  const registry = new SubscriptionRegistry(ctx.db)
  const feed = new ChangeFeed(ctx.db, registry)
  await feed.start()
  const hub: BroadcastHub = new Map()
  const wss = new WebSocketServer({ noServer: true, maxPayload: ctx.config.maxBodyBytes })
  const open = new Set<WebSocket>()

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const vsn = url.searchParams.get('vsn') ?? '1.0.0'
    // Phoenix refuses a serializer version it does not have
    if (vsn !== '1.0.0' && vsn !== '2.0.0') return refuse(socket, 403, null)
    const token = apiKeyToken(req, url)
    if (!token) return refuse(socket, 401, { error: REFUSED.missing })
    const check = await checkToken(ctx.tokens, token)
    if (!check.ok) return refuse(socket, 401, { error: REFUSED[check.problem] })
    wss.handleUpgrade(req, socket, head, (ws) => {
      open.add(ws)
      ws.on('close', () => open.delete(ws))
      new RealtimeSocket(ws, vsn as Vsn, token, { db: ctx.db, tokens: ctx.tokens, registry, hub })
    })
  }

  return {
    upgrade(req, socket, head) {
      socket.on('error', () => socket.destroy())
      upgrade(req, socket, head).catch((error: unknown) => {
        console.error('[realtime] upgrade failed', error)
        socket.destroy()
      })
    },
    settled: () => feed.settled(),
    dropConnections() {
      for (const ws of open) ws.terminate()
    },
    async stop() {
      registry.close()
      for (const ws of open) ws.terminate()
      wss.close()
      await feed.stop()
    },
  }
}
