// Every migration applied as hosted Supabase's `postgres` role: not a superuser, owner of nothing in
// auth or storage, with only the grants the platform gives it (hosted-roles.sql, from the
// platform's sources). The local stack migrates as a superuser, where a migration that alters a
// platform table, writes to an auth table postgres may only read, or relies on new tables getting
// no grants would pass and then fail, or quietly differ, on a hosted project.
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database.ts'
import { applyMigrations, migrate, migrationFiles } from '../db/migrate.ts'
import { openPostgres } from '../db/postgres-db.ts'
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database.ts'
import { API_ROLE_PRIVILEGES, HOSTED_POSTGRES, PLATFORM_PROBES, asDatabase, createHostedDatabase, type HostedDatabase } from './hosted-roles.ts'

const serverUrl = process.env.TEST_DATABASE_URL
const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url))

describe.skipIf(!serverUrl)("migrations as hosted Supabase's postgres role (PostgreSQL only: set TEST_DATABASE_URL)", () => {
  let hosted: HostedDatabase
  let local: { scratch: ScratchDatabase; db: Database }
  let applied: string[] = []
  let failure: Error | undefined

  beforeAll(async () => {
    hosted = await createHostedDatabase(serverUrl!)
    try {
      applied = await applyMigrations(asDatabase(hosted.hosted), migrationsDir)
    } catch (error) {
      failure = error as Error
    }
    // The same migrations the local stack's way (as a superuser, no grants by default), to compare with.
    const scratch = await createScratchDatabase(serverUrl!)
    local = { scratch, db: await openPostgres(scratch.url) }
    await scratch.serially(() => migrate(local.db, { migrationsDir }))
  })

  afterAll(async () => {
    await hosted?.close()
    await local?.db.close()
    await local?.scratch.drop()
  })

  it('applies every migration', () => {
    expect(failure?.message).toBeUndefined()
    expect(applied).toEqual(migrationFiles(migrationsDir))
  })

  it('holds postgres to what the platform lets it do, no more and no less', async () => {
    const outcomes: Record<string, string> = {}
    await hosted.hosted.query('begin')
    try {
      for (const probe of PLATFORM_PROBES) {
        await hosted.hosted.query('savepoint probe')
        outcomes[probe.name] = await hosted.hosted.query(probe.sql).then(
          () => 'allowed',
          (error: { code?: string }) => `refused ${error.code}`,
        )
        await hosted.hosted.query('rollback to savepoint probe')
      }
    } finally {
      await hosted.hosted.query('rollback')
    }
    expect(outcomes).toEqual(Object.fromEntries(PLATFORM_PROBES.map((p) => [p.name, p.allowed ? 'allowed' : 'refused 42501'])))
  })

  // Hosted projects grant everything postgres makes in public to anon and authenticated unless a
  // migration revokes it; the local stack grants nothing unless one grants it. Every test of
  // what a role may do runs on the local stack, so the two must come out the same.
  it('leaves anon and authenticated exactly the privileges they have on the local stack', async () => {
    const onHosted = (await hosted.admin.query<{ k: string }>(API_ROLE_PRIVILEGES)).rows.map((r) => r.k)
    const onLocal = (await local.db.query<{ k: string }>(API_ROLE_PRIVILEGES)).rows.map((r) => r.k)
    expect(onHosted.length).toBeGreaterThan(100)
    expect({ onlyOnHosted: onHosted.filter((k) => !onLocal.includes(k)), onlyOnLocal: onLocal.filter((k) => !onHosted.includes(k)) }).toEqual({
      onlyOnHosted: [],
      onlyOnLocal: [],
    })
  })

  it('turns row-level security on, with policies, for every table in public', async () => {
    const { rows } = await hosted.admin.query(`
      select c.relname, c.relrowsecurity as rls, count(p.oid)::int as policies
        from pg_class c left join pg_policy p on p.polrelid = c.oid
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       group by c.oid having not c.relrowsecurity or count(p.oid) = 0`)
    expect(rows).toEqual([])
    const tables = await hosted.admin.query(`select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`)
    expect(tables.rows[0].n).toBeGreaterThan(10)
  })

  it('makes every security definer function in public postgres-owned, with its search_path fixed', async () => {
    const { rows } = await hosted.admin.query(
      `select p.oid::regprocedure::text as fn, pg_get_userbyid(p.proowner) as owner, p.proconfig
         from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prosecdef
          and (p.proowner <> $1::regrole or not exists (select from unnest(p.proconfig) c where c like 'search_path=%'))`,
      [HOSTED_POSTGRES],
    )
    expect(rows).toEqual([])
    const definers = await hosted.admin.query(`select count(*)::int as n from pg_proc where pronamespace = 'public'::regnamespace and prosecdef`)
    expect(definers.rows[0].n).toBeGreaterThan(10)
  })

  it('aal_ok() reads auth.mfa_factors as its owner, for a signed-in caller', async () => {
    const [withFactor, without] = [randomUUID(), randomUUID()]
    await hosted.admin.query(`insert into auth.users (id, email) values ($1, $3), ($2, $4)`, [withFactor, without, `${withFactor}@example.com`, `${without}@example.com`])
    await hosted.admin.query(
      `insert into auth.mfa_factors (id, user_id, factor_type, status, created_at, updated_at) values (gen_random_uuid(), $1, 'totp', 'verified', now(), now())`,
      [withFactor],
    )
    const aalOk = async (sub: string, aal: string) => {
      await hosted.hosted.query('begin')
      try {
        await hosted.hosted.query('set local role authenticated')
        await hosted.hosted.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub, role: 'authenticated', aal })])
        return (await hosted.hosted.query<{ ok: boolean }>('select public.aal_ok() as ok')).rows[0]!.ok
      } finally {
        await hosted.hosted.query('rollback')
      }
    }
    expect(await aalOk(withFactor, 'aal1')).toBe(false)
    expect(await aalOk(withFactor, 'aal2')).toBe(true)
    expect(await aalOk(without, 'aal1')).toBe(true)
  })
})
