import { randomUUID } from 'node:crypto'
import pg from 'pg'

/** A new, empty database on a PostgreSQL server, for one test file or benchmark run. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shelfsnap_scratch_${randomUUID().replaceAll('-', '')}`
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await run(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}
