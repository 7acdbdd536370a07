import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openMigratedMemoryPglite, templateFile } from './migrated-template.ts'

// A migrations folder of its own, so the cached copy these tests make and break is nobody else's.
const dir = mkdtempSync(join(tmpdir(), 'shelfsnap-template-test-'))
writeFileSync(join(dir, '20260101000000_items.sql'), 'create table public.items (id int primary key, name text not null);')
const opened: { close(): Promise<void> }[] = []
const copies = new Set<string>()

async function open() {
  copies.add(templateFile(dir))
  const result = await openMigratedMemoryPglite(dir)
  opened.push(result.db)
  return result
}

afterAll(async () => {
  for (const db of opened) await db.close()
  for (const file of copies) rmSync(file, { force: true })
  rmSync(dir, { recursive: true, force: true })
})

describe('a memory stack started from the cached migrated copy', () => {
  it('has every migration, reports them, and starts empty even after a copy was written to', async () => {
    rmSync(templateFile(dir), { force: true })
    const first = await open()
    expect(first.migrations.applied).toEqual(['20260101000000_items.sql'])
    await first.db.query(`insert into public.items values (1, 'written after the copy was made')`)

    const second = await open()
    expect(second.migrations).toEqual({ applied: ['20260101000000_items.sql'], fresh: true, seeded: false })
    expect((await second.db.query('select count(*)::int as n from public.items')).rows).toEqual([{ n: 0 }])
    expect((await second.db.query('select version from supabase_migrations.schema_migrations')).rows).toEqual([{ version: '20260101000000' }])
  })

  it('a changed or added migration makes a new copy, never the old schema', async () => {
    const before = templateFile(dir)
    writeFileSync(join(dir, '20260102000000_more.sql'), 'alter table public.items add column qty int not null default 0;')
    expect(templateFile(dir)).not.toBe(before)
    const { db, migrations } = await open()
    expect(migrations.applied).toEqual(['20260101000000_items.sql', '20260102000000_more.sql'])
    await db.query(`insert into public.items (id, name, qty) values (1, 'tea', 3)`)
    expect((await db.query('select qty from public.items')).rows).toEqual([{ qty: 3 }])
  })

  it('a damaged copy is made again', async () => {
    writeFileSync(templateFile(dir), 'not a tarball')
    const { db } = await open()
    await db.query(`insert into public.items (id, name, qty) values (1, 'tea', 3)`)
    expect(statSync(templateFile(dir)).size).toBeGreaterThan(1_000_000)
  })
})
