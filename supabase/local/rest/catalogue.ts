import type { Queryable } from '../db/database.ts'

export interface Column {
  name: string
  type: string
  /** the default expression, deparsed by Postgres (table columns only) */
  default?: string | null
}

export interface Relation {
  name: string
  columns: Map<string, Column>
  columnList: Column[]
  pk: string[]
  uniques: string[][]
}

export interface ForeignKey {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
}

export interface FunctionArg {
  name: string
  type: string
}

export interface RestFunction {
  name: string
  args: FunctionArg[]
  /** the first `requiredCount` args have no default */
  requiredCount: number
  volatility: 'i' | 's' | 'v'
  returnsSet: boolean
  returnKind: 'void' | 'scalar' | 'composite'
  /** columns of a composite result */
  returnColumns: Column[]
  /** the exposed table whose row type it returns, for embedding */
  returnTable: string | null
}

export interface Catalogue {
  tables: Map<string, Relation>
  foreignKeys: ForeignKey[]
  functions: Map<string, RestFunction[]>
}

const columnsOf = (relid: string) => `(
  select coalesce(json_agg(json_build_object(
      'name', a.attname, 'type', format_type(a.atttypid, null),
      'default', case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end
    ) order by a.attnum), '[]')
  from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attrelid = ${relid} and a.attnum > 0 and not a.attisdropped)`

const namesOf = (relid: string, attnums: string) => `(
  select coalesce(json_agg(na.attname order by nk.ord), '[]')
  from unnest(${attnums}) with ordinality nk(num, ord) join pg_attribute na on na.attrelid = ${relid} and na.attnum = nk.num)`

const CATALOGUE_SQL = `select json_build_object(
  'tables', (select coalesce(json_agg(json_build_object(
      'name', c.relname,
      'columns', ${columnsOf('c.oid')},
      'pk', (select ${namesOf('c.oid', 'i.indkey::int2[]')} from pg_index i where i.indrelid = c.oid and i.indisprimary),
      'uniques', (select coalesce(json_agg(${namesOf('c.oid', 'i.indkey::int2[]')}), '[]')
                  from pg_index i where i.indrelid = c.oid and i.indisunique and i.indpred is null)
    )), '[]')
    from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')),
  'fks', (select coalesce(json_agg(json_build_object(
      'name', k.conname, 'table', c.relname, 'columns', ${namesOf('k.conrelid', 'k.conkey')},
      'refTable', r.relname, 'refColumns', ${namesOf('k.confrelid', 'k.confkey')}
    )), '[]')
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
    where k.contype = 'f' and c.relnamespace = 'public'::regnamespace and r.relnamespace = 'public'::regnamespace),
  'functions', (select coalesce(json_agg(json_build_object(
      'name', p.proname,
      'args', (select coalesce(json_agg(json_build_object(
                 'name', coalesce(p.proargnames[a.ord], ''), 'type', format_type(a.typ, null), 'mode', coalesce(p.proargmodes[a.ord], 'i')
               ) order by a.ord), '[]')
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(typ, ord)),
      'defaults', p.pronargdefaults,
      'volatility', p.provolatile,
      'returnsSet', p.proretset,
      'returnType', format_type(p.prorettype, null),
      'returnTypeKind', t.typtype,
      'returnColumns', case when t.typrelid <> 0 then ${columnsOf('t.typrelid')} end,
      'returnTable', (select r.relname from pg_class r where r.oid = t.typrelid and r.relnamespace = 'public'::regnamespace)
    )), '[]')
    from pg_proc p join pg_type t on t.oid = p.prorettype
    where p.pronamespace = 'public'::regnamespace and p.prokind = 'f' and t.typname <> 'trigger')
)::text as catalogue`

interface RawFunction {
  name: string
  args: { name: string; type: string; mode: string }[]
  defaults: number
  volatility: 'i' | 's' | 'v'
  returnsSet: boolean
  returnType: string
  returnTypeKind: string
  returnColumns: Column[] | null
  returnTable: string | null
}

interface RawCatalogue {
  tables: { name: string; columns: Column[]; pk: string[] | null; uniques: string[][] }[]
  fks: ForeignKey[]
  functions: RawFunction[]
}

function toFunction(raw: RawFunction): RestFunction {
  const inputs = raw.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
  const outputs = raw.args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't')
  const returnColumns = raw.returnColumns ?? outputs.map(({ name, type }) => ({ name, type }))
  const composite = raw.returnTypeKind === 'c' || (raw.returnType === 'record' && outputs.length > 0)
  return {
    name: raw.name,
    args: inputs.map(({ name, type }) => ({ name, type })),
    requiredCount: inputs.length - raw.defaults,
    volatility: raw.volatility,
    returnsSet: raw.returnsSet,
    returnKind: raw.returnType === 'void' ? 'void' : composite ? 'composite' : 'scalar',
    returnColumns: composite ? returnColumns : [],
    returnTable: raw.returnTable,
  }
}

/** Reads the exposed schema `public`: relations, foreign keys between them, and functions. */
export async function loadCatalogue(db: Queryable): Promise<Catalogue> {
  const { rows } = await db.query<{ catalogue: string }>(CATALOGUE_SQL)
  const raw = JSON.parse(rows[0]!.catalogue) as RawCatalogue
  const tables = new Map<string, Relation>()
  for (const t of raw.tables) {
    tables.set(t.name, {
      name: t.name,
      columns: new Map(t.columns.map((c) => [c.name, c])),
      columnList: t.columns,
      pk: t.pk ?? [],
      uniques: t.uniques,
    })
  }
  const functions = new Map<string, RestFunction[]>()
  for (const f of raw.functions) {
    const list = functions.get(f.name) ?? []
    list.push(toFunction(f))
    functions.set(f.name, list)
  }
  return { tables, foreignKeys: raw.fks, functions }
}
