import pg from 'pg'
import type { Database, Queryable, QueryResult } from './database.ts'
import { runPipeline } from './pg-pipeline.ts'

// Keep int8/numeric/timestamps as text, matching the PGlite adapter.
for (const oid of [20, 1700, 1114, 1184, 1082]) pg.types.setTypeParser(oid, (v: string) => v)

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query(sql, params as unknown[])
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 }
    },
  }
}

export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
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
      await pool.query(sql)
    },
    async transaction(fn, options) {
      const client = await pool.connect()
      try {
        await client.query(options?.readOnly ? 'begin read only' : 'begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async pipeline(statements) {
      const client = await pool.connect()
      let broken = false
      try {
        return await runPipeline(client, statements)
      } catch (error) {
        // a server error leaves the connection usable; anything else may not
        broken = !(error instanceof pg.DatabaseError)
        throw error
      } finally {
        client.release(broken)
      }
    },
    async close() {
      await pool.end()
    },
  }
}
