import type { Queryable } from '../db/database.ts'
import { REQUEST_ROLES } from '../db/as-caller.ts'
import type { TableMeta } from './change-payload.ts'

// Read from the catalogue once per table for every role a subscriber can have, and kept until the
// catalogue's version moves (db/realtime-schema.sql: any DDL, GRANT and REVOKE among them), so a
// migration applied under a running stack counts from its next change. The policies'
// expressions are deparsed with the stack's search_path, the one they are run with (change-batch.ts).

// A SELECT (or ALL) policy of the table with a USING that applies to role r, as RLS picks them:
// to PUBLIC, or to a role whose privileges r has.
const APPLIES = `p.polrelid = c.oid and p.polcmd in ('r', '*') and p.polqual is not null
  and (0 = any(p.polroles) or exists (select from unnest(p.polroles) pr where pg_has_role(r.oid, pr, 'USAGE')))`

const META_SQL = `
select c.oid::int8 as entity, n.nspname as schema, c.relname as "table", c.relrowsecurity as rls,
  c.relreplident as identity,
  (select coalesce(json_agg(json_build_object(
      'name', a.attname,
      'type', t.typname,
      'sqlType', format_type(a.atttypid, a.atttypmod),
      'pk', exists (select from pg_catalog.pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any(i.indkey)),
      'replident', exists (select from pg_catalog.pg_index i where i.indrelid = c.oid and i.indisreplident and a.attnum = any(i.indkey)),
      'readers', (select coalesce(json_agg(r), '[]') from unnest($2::text[]) r where has_column_privilege(r, c.oid, a.attnum, 'SELECT'))
    ) order by a.attnum), '[]')
    from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
  (select coalesce(json_object_agg(r.rolname, json_build_object(
      'bypass', r.rolsuper or r.rolbypassrls,
      'permissive', (select coalesce(json_agg(pg_get_expr(p.polqual, p.polrelid)), '[]') from pg_catalog.pg_policy p
        where ${APPLIES} and p.polpermissive),
      'restrictive', (select coalesce(json_agg(pg_get_expr(p.polqual, p.polrelid)), '[]') from pg_catalog.pg_policy p
        where ${APPLIES} and not p.polpermissive)
    )), '{}')
    from pg_catalog.pg_roles r
    where r.rolname = any($2::text[])) as policies
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where c.oid = any($1::oid[])`

export async function loadTableMeta(db: Queryable, entities: number[], roles: string[]): Promise<Map<number, TableMeta>> {
  const { rows } = await db.query<TableMeta & { entity: string }>(META_SQL, [`{${entities.join(',')}}`, `{${roles.join(',')}}`])
  return new Map(rows.map((row) => [Number(row.entity), { ...row, entity: Number(row.entity) }]))
}

/** Each table's meta, read once and kept while the catalogue's version stays the same. */
export class TableMetaCache {
  private version: string | null = null
  private readonly metas = new Map<number, TableMeta>()
  private readonly roles = [...REQUEST_ROLES]

  async get(db: Queryable, entities: number[], version: string): Promise<Map<number, TableMeta>> {
    if (version !== this.version) {
      this.metas.clear()
      this.version = version
    }
    const missing = entities.filter((entity) => !this.metas.has(entity))
    if (missing.length > 0) {
      for (const [entity, meta] of await loadTableMeta(db, missing, this.roles)) this.metas.set(entity, meta)
    }
    return new Map(entities.flatMap((entity) => (this.metas.has(entity) ? [[entity, this.metas.get(entity)!] as const] : [])))
  }
}
