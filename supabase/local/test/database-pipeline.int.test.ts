import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Stack } from '../stack.ts'
import { startTestStack } from './stack-fixture.ts'

// db.pipeline() is one round trip on PostgreSQL (one Sync for every statement);
// these are the transaction semantics the REST handlers rely on, on both backends.
let stack: Stack

beforeAll(async () => {
  stack = await startTestStack()
  await stack.db.exec('create table public.pipeline_probe (n int primary key)')
})
afterAll(() => stack.stop())

const count = async () => Number((await stack.db.query<{ n: string }>('select count(*) as n from public.pipeline_probe')).rows[0]!.n)

describe('Database.pipeline', () => {
  it('returns one result per statement, in order, with bound parameters', async () => {
    const results = await stack.db.pipeline([
      { sql: 'insert into public.pipeline_probe values ($1::int), ($2::int)', params: ['1', '2'] },
      { sql: 'select n from public.pipeline_probe where n >= $1::int order by n', params: ['1'] },
    ])
    expect(results).toHaveLength(2)
    expect(results[0]!.affectedRows).toBe(2)
    expect(results[1]!.rows).toEqual([{ n: 1 }, { n: 2 }])
  })

  it('runs the statements as one transaction: an error rolls back what came before it', async () => {
    const before = await count()
    await expect(
      stack.db.pipeline([
        { sql: 'insert into public.pipeline_probe values ($1::int)', params: ['10'] },
        { sql: 'select 1 / $1::int', params: ['0'] },
        { sql: 'insert into public.pipeline_probe values ($1::int)', params: ['11'] },
      ]),
    ).rejects.toMatchObject({ code: '22012' })
    expect(await count()).toBe(before)
  })

  it('keeps LOCAL settings for the later statements, and not after', async () => {
    const [, seen] = await stack.db.pipeline([
      { sql: "select set_config('role', 'anon', true), set_config('transaction_read_only', 'on', true)", params: [] },
      { sql: "select current_user as who, current_setting('transaction_read_only') as ro", params: [] },
    ])
    expect(seen!.rows).toEqual([{ who: 'anon', ro: 'on' }])
    const after = await stack.db.query("select current_user as who, current_setting('transaction_read_only') as ro")
    expect(after.rows).toEqual([{ who: 'postgres', ro: 'off' }])
  })

  it('refuses a write after the read-only setting, and the connection stays usable', async () => {
    await expect(
      stack.db.pipeline([
        { sql: "select set_config('transaction_read_only', 'on', true)", params: [] },
        { sql: 'insert into public.pipeline_probe values ($1::int)', params: ['20'] },
      ]),
    ).rejects.toMatchObject({ code: '25006' })
    for (let i = 0; i < 12; i++) await stack.db.pipeline([{ sql: 'select 1', params: [] }])
    expect(await count()).toBe(2)
  })
})
