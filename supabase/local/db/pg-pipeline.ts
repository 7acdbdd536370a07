import pg from 'pg'
import type { QueryResult, Statement } from './database.ts'

type Results = pg.QueryResult | pg.QueryResult[]

/**
 * node-postgres has no pipelining API but runs any "submittable". This one
 * writes Parse/Bind/Describe/Execute for every statement and then a single
 * Sync, so the server runs them as one implicit transaction and answers in one
 * round trip. After an error the server skips the rest up to the Sync, which
 * rolls everything back. pg.Query already collects one result per statement.
 */
class PipelineQuery extends pg.Query {
  constructor(statements: readonly Statement[], callback: (error: Error | undefined, results: Results) => void) {
    super({ text: statements.map((s) => s.sql).join(';\n') }, callback as never)
    this.submit = (connection) => {
      connection.stream.cork?.()
      try {
        for (const statement of statements) {
          connection.parse({ name: '', text: statement.sql, types: [] }, true)
          connection.bind({ values: [...statement.params] }, true)
          connection.describe({ type: 'P', name: '' }, true)
          connection.execute({ portal: '' }, true)
        }
        connection.sync()
      } finally {
        connection.stream.uncork?.()
      }
    }
  }
}

export function runPipeline(client: pg.PoolClient, statements: readonly Statement[]): Promise<QueryResult<Record<string, unknown>>[]> {
  return new Promise((resolve, reject) => {
    client.query(
      new PipelineQuery(statements, (error, results) => {
        if (error) return reject(error)
        const list = Array.isArray(results) ? results : [results]
        resolve(list.map((r) => ({ rows: r.rows, affectedRows: r.rowCount ?? 0 })))
      }),
    )
  })
}
