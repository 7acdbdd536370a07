import { randomUUID } from 'node:crypto'
import pg from 'pg'

// Any number: the key of the server-wide advisory lock below.
const SERVER_SETUP_LOCK = 4_203_117

export interface ScratchDatabase {
  url: string
  /**
   * Runs `setup` while no other scratch user on the server runs theirs. The base schema creates and
   * alters roles, which belong to the server, not the database: two test files applying it at once
   * fail with "tuple concurrently updated". The lock is taken in the server's own database, which all share.
   */
  serially<T>(setup: () => Promise<T>): Promise<T>
  drop(): Promise<void>
}

/** A new, empty database on a PostgreSQL server, for one test file or benchmark run. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
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
  async function serially<T>(setup: () => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query('select pg_advisory_lock($1)', [SERVER_SETUP_LOCK])
      return await setup()
    } finally {
      // Ending the session releases its lock.
      await client.end()
    }
  }
  return { url: url.toString(), serially, drop: () => run(`drop database if exists ${name} with (force)`) }
}
