import type { Catalogue, RestFunction } from './catalogue.ts'
import { buildRead, rootParts, type BuildContext } from './build-read.ts'
import type { ParsedQuery } from './parse-query.ts'
import { RestError } from './rest-errors.ts'
import { ident, qualified } from './sql.ts'

const JSON_TYPES = new Set(['json', 'jsonb'])

const singleJsonArg = (fn: RestFunction) => fn.args.length === 1 && fn.args[0]!.name === '' && JSON_TYPES.has(fn.args[0]!.type)

/** The overload whose named arguments match the given keys (PostgREST's rule), else 404 PGRST202. */
export function pickFunction(cat: Catalogue, name: string, keys: string[]): RestFunction {
  const candidates = cat.functions.get(name) ?? []
  const exact = candidates.find((fn) => {
    const names = fn.args.map((a) => a.name)
    return (
      fn.args.every((a) => a.name !== '') &&
      keys.every((k) => names.includes(k)) &&
      fn.args.slice(0, fn.requiredCount).every((a) => keys.includes(a.name))
    )
  })
  const found = exact ?? candidates.find(singleJsonArg)
  if (found) return found
  const signature = keys.length ? `public.${name}(${[...keys].sort().join(', ')})` : `public.${name} without parameters`
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function ${signature} in the schema cache`,
    `Searched for the function public.${name} with ${keys.length ? `parameters ${[...keys].sort().join(', ')}` : 'no parameters'}, but no matches were found in the schema cache.`,
  )
}

/** Argument names accepted in a GET query string for this function name. */
export function argNamesOf(cat: Catalogue, name: string): Set<string> {
  return new Set((cat.functions.get(name) ?? []).flatMap((fn) => fn.args.map((a) => a.name)))
}

export interface BuiltRpc {
  sql: string
  kind: RestFunction['returnKind']
  returnsSet: boolean
}

/** `from json_to_record($1) as pgrst_args(...), lateral fn(a := pgrst_args.a) pgrst_call` */
function callSql(ctx: BuildContext, fn: RestFunction, args: unknown, columnAlias: string): string {
  const callee = qualified(fn.name)
  if (singleJsonArg(fn)) {
    return `from ${callee}(${ctx.params.add(JSON.stringify(args))}::${fn.args[0]!.type}) pgrst_call${columnAlias}`
  }
  const given = fn.args.filter((a) => Object.hasOwn(args as object, a.name))
  if (given.length === 0) return `from ${callee}() pgrst_call${columnAlias}`
  const record = given.map((a) => `${ident(a.name)} ${a.type}`).join(', ')
  const named = given.map((a) => `${ident(a.name)} := pgrst_args.${ident(a.name)}`).join(', ')
  return (
    `from json_to_record(${ctx.params.add(JSON.stringify(args))}::json) as pgrst_args(${record}), ` +
    `lateral ${callee}(${named}) pgrst_call${columnAlias}`
  )
}

/**
 * The call runs once in a CTE, then its result is shaped as PostgREST does:
 * rows (filterable, embeddable) for composites, a JSON array for sets of
 * scalars, the JSON scalar itself otherwise.
 */
export function buildRpc(
  ctx: BuildContext,
  fn: RestFunction,
  /** the named arguments, or the whole body for a function with one unnamed json argument */
  args: unknown,
  query: ParsedQuery,
  options: { count: boolean; body: boolean; maxRows: number },
): BuiltRpc {
  const result = { kind: fn.returnKind, returnsSet: fn.returnsSet }
  if (fn.returnKind === 'composite') {
    const source = `with pgrst_source as (select pgrst_call.* ${callSql(ctx, fn, args, '')})`
    const columns = new Map(fn.returnColumns.map((c) => [c.name, c]))
    const read = buildRead(ctx, {
      source: 'pgrst_source pgrst_t',
      scope: { name: fn.name, columns, alias: 'pgrst_t', params: ctx.params },
      table: fn.returnTable,
      ...rootParts(query, options.maxRows),
      count: options.count,
      body: options.body,
    })
    return { ...result, sql: `${source} ${read.sql}` }
  }
  const source = `with pgrst_source as (select pgrst_call.pgrst_scalar ${callSql(ctx, fn, args, '(pgrst_scalar)')})`
  const body = !options.body
    ? 'null'
    : fn.returnsSet
      ? `coalesce(json_agg(pgrst_scalar), '[]')::text`
      : `(json_agg(pgrst_scalar) -> 0)::text`
  const total = options.count ? 'count(*)' : 'null'
  return { ...result, sql: `${source} select ${total} as total, count(*) as page, ${body} as body from pgrst_source` }
}
