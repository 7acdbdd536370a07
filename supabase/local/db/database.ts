export interface QueryResult<T> {
  rows: T[]
  affectedRows: number
}

/** One statement of a pipeline; every value a bound parameter. */
export interface Statement {
  sql: string
  params: readonly (string | null)[]
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
}

/**
 * One interface over PGlite (one embedded connection: transactions are queued)
 * and node-postgres (a pool). Both connect as a superuser; requests switch role
 * inside their transaction, so row-level security applies to them.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** runs a multi-statement script outside a transaction block */
  exec(sql: string): Promise<void>
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: { readOnly?: boolean }): Promise<T>
  /**
   * Runs the statements in order in one transaction and returns each result;
   * on PostgreSQL they travel as one pipeline, so it costs one round trip.
   */
  pipeline(statements: readonly Statement[]): Promise<QueryResult<Record<string, unknown>>[]>
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (after the notifying transaction commits);
   * `onReconnect` after a lost listening connection is back, when notifications may have been
   * missed. Resolves once listening; the function it returns stops.
   */
  listen(channel: string, onNotify: () => void, onReconnect?: () => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** Why the database could not be asked: PostgREST answers PGRST000, PGRST001 or PGRST003. */
export type Unavailability = 'refused' | 'lost' | 'pool-timeout'

/** The database server cannot be reached: not a bug and not a bad request, an outage. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
  constructor(
    readonly reason: Unavailability,
    cause: unknown,
  ) {
    super((cause as Error | undefined)?.message ?? reason, { cause })
  }
}

export interface DatabaseOptions {
  /** postgres://… to use a real PostgreSQL server */
  databaseUrl?: string
  /** PGlite data directory; omitted means in memory */
  dataDir?: string
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres-db.ts')
    return openPostgres(options.databaseUrl)
  }
  const { openPglite } = await import('./pglite-db.ts')
  return openPglite(options.dataDir)
}
