import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defaultConfig, type StackConfig } from './config.ts'
import { openDatabase, type Database } from './db/database.ts'
import { migrate, type MigrateResult } from './db/migrate.ts'
import { openMigratedMemoryPglite } from './db/migrated-template.ts'
import { applyCors } from './http/cors.ts'
import { sendJson, type Handler } from './http/http.ts'
import { createAuthService } from './auth/auth-service.ts'
import { createRestService } from './rest/rest-service.ts'
import { createRealtimeService, REALTIME_PATH } from './realtime/realtime-service.ts'
import { createStorageService } from './storage/storage-service.ts'
import { loadSigningKey } from './signing-key.ts'
import { createTokens, type Tokens } from './tokens.ts'

const supabaseDir = resolve(fileURLToPath(new URL('..', import.meta.url)))

export interface StackOptions {
  /** throwaway in-memory PGlite and a temporary storage folder */
  memory?: boolean
  /** postgres://… runs on that server instead of PGlite */
  databaseUrl?: string
  /** root of persisted state (PGlite data and storage files); default .data */
  dataDir?: string
  /** 0 picks a free port */
  port?: number
  host?: string
  migrationsDir?: string
  seedFile?: string | null
  config?: Partial<StackConfig>
  /**
   * The ES256 key that signs access tokens, as a JSON array of JWKs (the CLI's
   * signing_keys_path). Default: <dataDir>/signing-keys.json, generated on first
   * start; memory stacks generate a new key each start.
   */
  signingKeysPath?: string
}

export interface ServiceContext {
  db: Database
  config: StackConfig
  tokens: Tokens
}

export interface Stack {
  url: string
  config: StackConfig
  db: Database
  /** signs and verifies access tokens; its JWKS is served at /auth/v1/.well-known/jwks.json */
  tokens: Tokens
  migrations: MigrateResult
  /** re-reads the REST catalogue after a schema change made outside migrations */
  reloadSchema(): Promise<void>
  realtime: {
    /** resolves once every change committed so far has gone to its subscribers */
    settled(): Promise<void>
    /** cuts every Realtime websocket without a close frame, as a lost network does */
    dropConnections(): void
  }
  stop(): Promise<void>
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = resolve(options.dataDir ?? '.data')
  const signingKey = await loadSigningKey(
    options.signingKeysPath
      ? { file: resolve(options.signingKeysPath) }
      : { file: options.memory ? undefined : join(dataDir, 'signing-keys.json'), persist: true },
  )
  const { db, migrations } = await openMigrated(options, dataDir)
  const storageDir = options.memory ? mkdtempSync(join(tmpdir(), 'shelfsnap-storage-')) : join(dataDir, 'storage')

  let route: Handler = async (_req, res) => sendJson(res, 503, { message: 'starting' })
  const server = createServer((req, res) => {
    if (applyCors(req, res)) return
    const url = new URL(req.url ?? '/', 'http://localhost')
    route(req, res, url.pathname, url).catch((error: unknown) => {
      console.error('[stack] unhandled error', error)
      if (!res.headersSent) sendJson(res, 500, { code: 'internal', message: 'Internal server error' })
      else res.destroy()
    })
  })
  // websockets (Realtime) are refused until the services are up
  let upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void = (_req, socket) => socket.destroy()
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => upgrade(req, socket, head))
  // Kept-alive sockets live as long as behind the CLI's Kong (60 s). Node's 5 s default made a
  // client whose event loop was busy (decoding a photo) reuse a socket the stack had just closed.
  server.keepAliveTimeout = 60_000
  server.headersTimeout = 65_000
  const port = await listen(server, options.port ?? defaultConfig().port, options.host ?? '127.0.0.1')
  const config = defaultConfig({ port, host: options.host, storageDir, ...options.config })
  const tokens = createTokens(signingKey, config.jwtSecret)
  const ctx: ServiceContext = { db, config, tokens }
  const services: [string, Handler][] = [
    ['/auth/v1', createAuthService(ctx)],
    ['/storage/v1', createStorageService(ctx)],
  ]
  const rest = await createRestService(ctx)
  services.push(['/rest/v1', rest.handle])
  const realtime = await createRealtimeService(ctx)
  upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname === REALTIME_PATH) return realtime.upgrade(req, socket, head)
    socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n')
  }
  route = async (req, res, pathname, url) => {
    for (const [prefix, handle] of services) {
      if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
        return handle(req, res, pathname.slice(prefix.length) || '/', url)
      }
    }
    sendJson(res, 404, { message: 'no Route matched with those values' })
  }

  return {
    url: config.publicUrl,
    config,
    db,
    tokens,
    migrations,
    reloadSchema: rest.reload,
    realtime: { settled: realtime.settled, dropConnections: realtime.dropConnections },
    async stop() {
      await realtime.stop()
      server.closeAllConnections()
      await new Promise<void>((done) => server.close(() => done()))
      await db.close()
      if (options.memory) rmSync(storageDir, { recursive: true, force: true })
    },
  }
}

/** The database with every migration applied, and the seed on a fresh one unless seedFile is null. */
async function openMigrated(options: StackOptions, dataDir: string): Promise<{ db: Database; migrations: MigrateResult }> {
  const migrationsDir = options.migrationsDir ?? join(supabaseDir, 'migrations')
  if (options.memory && !options.databaseUrl && options.seedFile === null) return openMigratedMemoryPglite(migrationsDir)
  const db = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.memory || options.databaseUrl ? undefined : join(dataDir, 'pglite'),
  })
  const seedFile = options.seedFile === null ? undefined : (options.seedFile ?? join(supabaseDir, 'seed.sql'))
  return { db, migrations: await migrate(db, { migrationsDir, seedFile }) }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => {
      const address = server.address()
      done(typeof address === 'object' && address ? address.port : port)
    })
  })
}
