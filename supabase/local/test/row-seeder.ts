// Rows planted in and put back into a shop as superuser, for the role sweep: what a member is
// allowed to delete, the stocktakes and photos a call uses up, a member to remove, and the rows
// an allowed update changed, restored so the next role meets the shop as it was.
import { randomUUID } from 'node:crypto'
import type { Stack } from '../stack.ts'
import { signUpUser } from './stack-fixture.ts'
import type { Json, Tenant } from './tenant-fixture.ts'

/** `col=eq.value&…` (the sweeps' PostgREST filters) as SQL on `t`, with its parameters. */
function where(filter: string): { sql: string; params: string[] } {
  const terms = filter.split('&').map((term) => /^(\w+)=eq\.(.+)$/.exec(term))
  if (terms.some((term) => !term)) throw new Error(`Not a filter of col=eq.value terms: ${filter}`)
  return { sql: terms.map((term, i) => `t.${term![1]}::text = $${i + 1}`).join(' and '), params: terms.map((term) => term![2]!) }
}

export async function rowSeeder(stack: Stack, t: Tenant) {
  const { rows } = await stack.db.query<{ table: string; keys: string[]; columns: string[] }>(
    `select c.relname as table,
            coalesce((select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
                        from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                       where i.indrelid = c.oid and i.indisprimary), '{}') as keys,
            (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and a.attidentity <> 'a') as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  )
  const shape = new Map(rows.map((r) => [r.table, r]))
  const keyFilter = (table: string, row: Json) => shape.get(table)!.keys.map((key) => `${key}=eq.${row[key]}`).join('&')

  async function row(table: string, values: Json): Promise<Json> {
    const columns = Object.keys(values).join(', ')
    const { rows } = await stack.db.query<{ row: Json }>(
      `insert into public.${table} as t (${columns}) select ${columns} from jsonb_populate_record(null::public.${table}, $1) returning to_jsonb(t) as row`,
      [JSON.stringify(values)],
    )
    return rows[0]!.row
  }

  async function rowsWhere(relation: string, filter: string): Promise<Json[]> {
    const { sql, params } = where(filter)
    const { rows } = await stack.db.query<{ row: Json }>(`select to_jsonb(t) as row from public.${relation} t where ${sql} order by to_jsonb(t)::text`, params)
    return rows.map((r) => r.row)
  }

  return {
    row,
    rowsWhere,
    keyFilter,

    /** Puts these rows back as they were (every column an update may set). */
    async restore(table: string, original: Json[]) {
      const columns = shape.get(table)!.columns.join(', ')
      for (const old of original) {
        const { sql, params } = where(keyFilter(table, old))
        await stack.db.query(
          `update public.${table} t set (${columns}) = (select ${columns} from jsonb_populate_record(null::public.${table}, $${params.length + 1})) where ${sql}`,
          [...params, JSON.stringify(old)],
        )
      }
    },

    async remove(table: string, planted: Json) {
      const { sql, params } = where(keyFilter(table, planted))
      await stack.db.query(`delete from public.${table} t where ${sql}`, params)
    },

    /** An open stocktake, started `age` ago. */
    async session(age = '0 seconds'): Promise<string> {
      const { rows } = await stack.db.query<{ id: string }>(
        `insert into public.count_sessions (shop_id, created_at) values ($1, now() - $2::interval) returning id`,
        [t.shopId, age],
      )
      return rows[0]!.id
    },

    /** A photo of the stocktake, taken now. */
    async photo(session: string, side: string, status: string): Promise<string> {
      const path = `${t.shopId}/${session}/${side}-${randomUUID().slice(0, 8)}.png`
      const photo = await row('count_photos', { session_id: session, shop_id: t.shopId, side, status, storage_path: path, taken_at: new Date().toISOString() })
      return photo.id as string
    },

    /** A new staff member of the shop. */
    async member(): Promise<string> {
      const user = await signUpUser(stack)
      await row('shop_members', { shop_id: t.shopId, user_id: user.id, role: 'staff' })
      return user.id
    },

    /** The shop back with `owner` as its owner, after it was handed over; its new owner staff again. */
    async ownedBy(owner: string) {
      await stack.db.query(`update public.shop_members set role = 'staff' where shop_id = $1 and role = 'owner' and user_id <> $2`, [t.shopId, owner])
      await stack.db.query(`update public.shop_members set role = 'owner' where shop_id = $1 and user_id = $2`, [t.shopId, owner])
      await stack.db.query(`update public.shops set owner_id = $2 where id = $1`, [t.shopId, owner])
    },
  }
}
