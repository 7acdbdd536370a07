import pg from 'pg'
import { DatabaseUnavailableError, type Database, type Queryable, type QueryResult, type Unavailability } from './database.ts'
import { runPipeline } from './pg-pipeline.ts'

// Keep int8/numeric/timestamps as text, matching the PGlite adapter.
for (const oid of [20, 1700, 1114, 1184, 1082]) pg.types.setTypeParser(oid, (v: string) => v)

const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', '57P03'])
const LOST = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02'])
const LOST_MESSAGE = /Connection terminated|Connection ended|connection error and is not queryable|Client was closed/

/** A server that is down, gone or out of connections, as opposed to an SQL error or a bug. */
function unavailability(error: unknown): Unavailability | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && REFUSED.has(code)) return 'refused'
  if (typeof code === 'string' && LOST.has(code)) return 'lost'
  if (typeof message !== 'string') return null
  if (message.startsWith('timeout exceeded when trying to connect')) return 'pool-timeout'
  return LOST_MESSAGE.test(message) ? 'lost' : null
}

/** The same promise, with a server that cannot be reached told apart from every other failure. */
async function reaching<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    const reason = unavailability(error)
    throw reason ? new DatabaseUnavailableError(reason, error) : error
  }
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await reaching(client.query(sql, params as unknown[]))
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 }
    },
  }
}

/** How long a request waits for a connection before it is told the database is unavailable (PostgREST: PGRST003). */
const CONNECT_TIMEOUT_MS = 10_000

export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: '-c search_path=public,extensions',
  })
  // An idle connection the server closes (a restart; a scratch database dropped just after
  // close(), whose pool.end() resolves before its sockets finish closing) is replaced by the
  // pool; without a listener its error would crash the process.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.warn('[stack] an idle database connection failed:', error.message)
  })
  await pool.query('select 1')
  const plain = wrap(pool)
  return {
    kind: 'postgres',
    query: plain.query,
    async exec(sql) {
      await reaching(pool.query(sql))
    },
    async transaction(fn, options) {
      const client = await reaching(pool.connect())
      const tx = wrap(client)
      let broken = false
      try {
        await tx.query(options?.readOnly ? 'begin read only' : 'begin')
        const result = await fn(tx)
        await tx.query('commit')
        return result
      } catch (error) {
        // a connection the server dropped goes, not back into the pool
        broken = error instanceof DatabaseUnavailableError
        if (!broken) await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release(broken)
      }
    },
    async pipeline(statements) {
      const client = await reaching(pool.connect())
      let broken = false
      try {
        return await reaching(runPipeline(client, statements))
      } catch (error) {
        // a server error leaves the connection usable; anything else may not
        broken = !(error instanceof pg.DatabaseError)
        throw error
      } finally {
        client.release(broken)
      }
    },
    listen: (channel, onNotify, onReconnect) => listenOn(databaseUrl, channel, onNotify, onReconnect),
    async close() {
      await pool.end()
    },
  }
}

const RELISTEN_MS = 1000

/**
 * LISTEN on a connection of its own (a pooled one would be handed to requests). When the server
 * drops it, a new one is tried every second; `onReconnect` tells the caller notifications may
 * have been missed meanwhile.
 */
async function listenOn(databaseUrl: string, channel: string, onNotify: () => void, onReconnect?: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify()
    })
    next.on('error', () => {
      if (client !== next) return
      client = undefined
      next.end().catch(() => {})
      if (!stopped) retry = setTimeout(reconnect, RELISTEN_MS)
    })
    try {
      await next.connect()
      await next.query(`listen ${pg.escapeIdentifier(channel)}`)
    } catch (error) {
      next.end().catch(() => {})
      throw error
    }
    if (stopped) await next.end().catch(() => {})
    else client = next
  }
  const reconnect = () => {
    if (stopped) return
    connect().then(
      () => onReconnect?.(),
      () => {
        retry = setTimeout(reconnect, RELISTEN_MS)
      },
    )
  }
  await reaching(connect())
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => {})
  }
}
