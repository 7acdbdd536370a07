import { mkdirSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { PGlite, types } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import type { Database, Queryable, QueryResult } from './database.ts'

// Trap: Node 24's V8 can abort the whole process ("Check failed: jit_page_->allocations_.erase(addr)
// == 1", nodejs/node#64500) when it frees WebAssembly code in a process that runs PGlite for long
// and opens and closes it (the e2e run did, after all its tests had passed). The code of a live
// PGlite is kept instead of collected; it is set before any PGlite is compiled in this process.
setFlagsFromString('--no-wasm-code-gc')

// Values come back as Postgres text so both backends behave alike; responses
// that need JSON types build them in SQL (json_agg), as PostgREST does.
const textParsers = Object.fromEntries(
  [types.INT8, types.NUMERIC, types.TIMESTAMP, types.TIMESTAMPTZ, types.DATE].map((oid) => [oid, (v: string) => v]),
)

function wrap(q: { query: PGlite['query'] }): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await q.query<T>(sql, params, { parsers: textParsers })
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 }
    },
  }
}

export interface PgliteDatabase extends Database {
  /** the whole data directory as an uncompressed tarball, which `from` loads again */
  dump(): Promise<Uint8Array>
}

/** `from`: a tarball of a data directory to start with (made by dump()); memory only. */
export async function openPglite(dataDir?: string, from?: Uint8Array): Promise<PgliteDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const loadDataDir = from ? new Blob([from as Uint8Array<ArrayBuffer>]) : undefined
  const pg = await PGlite.create(dataDir ?? 'memory://', { extensions: { pgcrypto }, loadDataDir })
  await pg.exec('set search_path to public, extensions')
  const plain = wrap(pg)
  return {
    kind: 'pglite',
    query: plain.query,
    async exec(sql) {
      await pg.exec(sql)
    },
    // PGlite has one connection; its transaction() holds a lock until fn settles.
    transaction: (fn, options) =>
      pg.transaction(async (tx) => {
        if (options?.readOnly) await tx.query('set transaction read only')
        return fn(wrap(tx))
      }),
    pipeline: (statements) =>
      pg.transaction(async (tx) => {
        const results = []
        for (const statement of statements) results.push(await wrap(tx).query(statement.sql, [...statement.params]))
        return results
      }),
    // One connection: a NOTIFY from any transaction reaches this listener once it commits.
    listen: (channel, onNotify) => pg.listen(channel, () => onNotify()),
    async dump() {
      return new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer())
    },
    async close() {
      await pg.close()
    },
  }
}
