import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import type { Database } from '../db/database.ts'
import { baseSchema } from '../db/migrate.ts'
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database.ts'

/** The login role that plays hosted Supabase's `postgres` (not a superuser there). */
export const HOSTED_POSTGRES = 'hosted_postgres'

const hostedRolesSql = readFileSync(new URL('./hosted-roles.sql', import.meta.url), 'utf8')

export interface HostedDatabase {
  /** the cluster's superuser, playing supabase_admin */
  admin: pg.Client
  /** connected as hosted_postgres */
  hosted: pg.Client
  close(): Promise<void>
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return client
}

/** The hosted layout over the base schema, and a connection as hosted_postgres. */
async function layOut(admin: pg.Client, databaseUrl: string): Promise<pg.Client> {
  await admin.query(baseSchema)
  await admin.query(hostedRolesSql)
  const password = randomBytes(24).toString('hex')
  await admin.query(`alter role ${HOSTED_POSTGRES} password '${password}'`)
  const url = new URL(databaseUrl)
  url.username = HOSTED_POSTGRES
  url.password = password
  try {
    return await connect(url.toString())
  } finally {
    await admin.query(`alter role ${HOSTED_POSTGRES} password null`)
  }
}

/**
 * A scratch database laid out as on a hosted Supabase project (hosted-roles.sql), with one
 * connection as its superuser and one as hosted_postgres. The role gets a one-off password for
 * as long as it takes to connect, under the server-wide setup lock, then none again.
 */
export async function createHostedDatabase(serverUrl: string): Promise<HostedDatabase> {
  const scratch: ScratchDatabase = await createScratchDatabase(serverUrl)
  const admin = new pg.Client({ connectionString: scratch.url })
  try {
    await admin.connect()
    const hosted = await scratch.serially(() => layOut(admin, scratch.url))
    return {
      admin,
      hosted,
      async close() {
        await hosted.end()
        await admin.end()
        await scratch.drop()
      },
    }
  } catch (error) {
    await admin.end().catch(() => {})
    await scratch.drop()
    throw error
  }
}

/** What applyMigrations needs, over one connection. */
export function asDatabase(client: pg.Client): Pick<Database, 'exec' | 'query'> {
  return {
    async exec(sql) {
      await client.query(sql)
    },
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params)
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 }
    },
  }
}

/**
 * One line per privilege anon or authenticated holds on an object of public: tables, views and
 * sequences, columns (where the table-wide privilege is missing) and functions.
 */
export const API_ROLE_PRIVILEGES = `
  with roles (r) as (values ('anon'), ('authenticated')),
  rels as (select c.oid, c.relname, c.relkind from pg_class c
            where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S'))
  select r || ' ' || p || ' ' || relname as k
    from roles, rels, unnest(case when relkind = 'S' then array['usage', 'select', 'update']
                                  else array['select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger'] end) p
   where case when relkind = 'S' then has_sequence_privilege(r, oid, p) else has_table_privilege(r, oid, p) end
  union all
  select r || ' ' || p || ' ' || relname || '.' || a.attname
    from roles, rels join pg_attribute a on a.attrelid = rels.oid and a.attnum > 0 and not a.attisdropped,
         unnest(array['select', 'insert', 'update', 'references']) p
   where relkind <> 'S' and not has_table_privilege(r, rels.oid, p) and has_column_privilege(r, rels.oid, a.attnum, p)
  union all
  select r || ' execute ' || f.oid::regprocedure
    from roles, pg_proc f where f.pronamespace = 'public'::regnamespace and has_function_privilege(r, f.oid, 'execute')
  order by 1`

export interface PlatformProbe {
  name: string
  sql: string
  /** what hosted Supabase does with it, from the source named in `name` */
  allowed: boolean
}

/** Statements whose fate on hosted Supabase the sources settle, to hold hosted-roles.sql to them. */
export const PLATFORM_PROBES: PlatformProbe[] = [
  {
    name: 'a policy on storage.objects (supautils.policy_grants)',
    sql: `create policy probe on storage.objects for select to authenticated using (false); drop policy probe on storage.objects`,
    allowed: true,
  },
  { name: 'a bucket (storage 0049, postgres 20250623125453)', sql: `insert into storage.buckets (id, name) values ('probe', 'probe')`, allowed: true },
  {
    name: 'a trigger on auth.users, and dropping it (demote-postgres: all privileges; supautils.drop_trigger_grants)',
    sql: `create function public.probe() returns trigger language plpgsql as 'begin return new; end';
          create trigger probe after insert on auth.users for each row execute function public.probe();
          drop trigger probe on auth.users`,
    allowed: true,
  },
  { name: 'a row in auth.users (demote-postgres)', sql: `insert into auth.users (id) values (gen_random_uuid())`, allowed: true },
  {
    name: 'a foreign key to auth.users, and a row that uses it (demote-postgres)',
    sql: `create table public.probe (user_id uuid references auth.users (id));
          insert into auth.users (id) values ('00000000-0000-4000-8000-000000000001');
          insert into public.probe values ('00000000-0000-4000-8000-000000000001')`,
    allowed: true,
  },
  { name: 'reading GoTrue’s MFA tables (auth 20240612123726)', sql: `select from auth.mfa_factors, auth.mfa_amr_claims, auth.sessions`, allowed: true },
  {
    name: 'a row in auth.mfa_factors (auth 20240612123726: select only)',
    sql: `insert into auth.mfa_factors (id, user_id, factor_type, status, created_at, updated_at)
          values (gen_random_uuid(), gen_random_uuid(), 'totp', 'verified', now(), now())`,
    allowed: false,
  },
  { name: 'a policy on auth.mfa_factors (not in supautils.policy_grants)', sql: `create policy probe on auth.mfa_factors for select using (true)`, allowed: false },
  { name: 'a column on storage.objects (owner only)', sql: `alter table storage.objects add column probe int`, allowed: false },
  { name: 'an index on storage.objects (owner only)', sql: `create index probe on storage.objects (name)`, allowed: false },
  { name: 'a comment on auth.users (owner only)', sql: `comment on table auth.users is 'probe'`, allowed: false },
  { name: 'dropping storage.buckets (owner only)', sql: `drop table storage.buckets cascade`, allowed: false },
  { name: 'a table in auth (20250421084701: no create)', sql: `create table auth.probe (id int)`, allowed: false },
  { name: 'a function in storage (20250421084701: no create)', sql: `create function storage.probe() returns int language sql as 'select 1'`, allowed: false },
  { name: 'becoming supabase_auth_admin (20250421084701)', sql: `set role supabase_auth_admin`, allowed: false },
]
