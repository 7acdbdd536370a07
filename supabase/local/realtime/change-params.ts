// A postgres_changes binding of a phx_join, read as Realtime reads it
// (lib/extensions/postgres_cdc_rls/subscriptions.ex parse_subscription_params), with its error texts.

export const FILTER_OPERATORS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

export interface ChangeFilter {
  column: string
  op: FilterOperator
  /** `in` holds a Postgres array literal, `{a,b}` */
  value: string
  negate: boolean
}

export type ChangeAction = '*' | 'INSERT' | 'UPDATE' | 'DELETE'

export interface ChangeParams {
  action: ChangeAction
  /** `*` for any */
  schema: string
  table: string
  filters: ChangeFilter[]
  /** columns to send (the primary key always goes too); null for all */
  select: string[] | null
}

export type Parsed<T> = { ok: true; value: T } | { ok: false, error: string }

const isString = (value: unknown): value is string => typeof value === 'string'

export function parseChangeParams(params: Record<string, unknown>): Parsed<ChangeParams> {
  const select = parseSelect(params.select)
  if (!select.ok) return select
  const action = actionFilter(params.event)
  const has = (key: string) => key in params
  const { schema, table, filter } = params
  if (isString(schema) && isString(table) && isString(filter)) {
    const filters = parseFilters(filter)
    if (!filters.ok) return { ok: false, error: `Error parsing \`filter\` params: ${filters.error}` }
    return withSelect({ action, schema, table, filters: filters.value, select: select.value })
  }
  if (isString(schema) && isString(table) && !has('filter')) return withSelect({ action, schema, table, filters: [], select: select.value })
  if (isString(schema) && !has('table') && !has('filter')) return withSelect({ action, schema, table: '*', filters: [], select: select.value })
  if (isString(table) && !has('schema') && !has('filter')) return withSelect({ action, schema: 'public', table, filters: [], select: select.value })
  const shown = has('user_token') || has('auth_token') ? '<redacted>' : inspect(params)
  return { ok: false, error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${shown}` }
}

function parseSelect(select: unknown): Parsed<string[] | null> {
  if (isString(select)) {
    return { ok: false, error: 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]' }
  }
  const columns = Array.isArray(select) ? select.filter(isString) : []
  return { ok: true, value: columns.length > 0 ? columns : null }
}

function withSelect(params: ChangeParams): Parsed<ChangeParams> {
  if (params.select && (params.schema === '*' || params.table === '*')) {
    return { ok: false, error: 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.' }
  }
  return { ok: true, value: params }
}

function actionFilter(event: unknown): ChangeAction {
  const upper = isString(event) ? event.toUpperCase() : '*'
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*'
}

export function parseFilters(filter: string): Parsed<ChangeFilter[]> {
  const trimmed = filter.trim()
  if (trimmed === '') return { ok: true, value: [] }
  const filters: ChangeFilter[] = []
  for (const segment of splitTopLevel(trimmed)) {
    const parsed = parseSegment(segment)
    if (!parsed.ok) return parsed
    filters.push(parsed.value)
  }
  return { ok: true, value: filters }
}

/** Splits on commas outside parentheses and outside quotes (a quote opens only after `.`, `(` or `,`). */
function splitTopLevel(filter: string): string[] {
  const segments: string[] = []
  let current = ''
  let depth = 0
  let quoted = false
  let prev = ''
  for (let i = 0; i < filter.length; i++) {
    const char = filter[i]!
    if (quoted) {
      if (char === '\\' && i + 1 < filter.length) {
        current += char + filter[++i]
        prev = filter[i]!
        continue
      }
      if (char === '"') quoted = false
      current += char
    } else if (char === '"' && ['.', '(', ','].includes(prev)) {
      quoted = true
      current += char
    } else if (char === ',' && depth === 0) {
      segments.push(current)
      current = ''
      prev = ''
      continue
    } else {
      if (char === '(') depth++
      if (char === ')') depth = Math.max(0, depth - 1)
      current += char
    }
    prev = char
  }
  segments.push(current)
  return segments
}

function parseSegment(segment: string): Parsed<ChangeFilter> {
  const trimmed = segment.trim()
  if (trimmed === '') return { ok: false, error: 'filter must not contain empty segments (check for extra commas)' }
  const [column, rest] = splitOnce(trimmed, '=')
  if (rest === undefined) return { ok: false, error: inspect([column]) }
  const negate = rest.startsWith('not.')
  const [op, value] = splitOnce(negate ? rest.slice(4) : rest, '.')
  if (value === undefined) return { ok: false, error: inspect([op]) }
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) return { ok: false, error: inspect([op, value]) }
  if (op === 'in') {
    if (!(value.length >= 2 && value.startsWith('(') && value.endsWith(')'))) {
      return { ok: false, error: '`in` filter value must be wrapped by parentheses' }
    }
    return { ok: true, value: { column, op, value: `{${value.slice(1, -1)}}`, negate } }
  }
  return { ok: true, value: { column, op: op as FilterOperator, value: unquote(value), negate } }
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator)
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)]
}

/** `"a,b"` is `a,b`, with `\x` read as `x`; anything else (an unclosed quote, text after it) stays as written. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value
  let out = ''
  for (let i = 1; i < value.length; i++) {
    const char = value[i]!
    if (char === '"') return i === value.length - 1 ? out : value
    if (char === '\\' && i + 1 < value.length) out += value[++i]
    else out += char
  }
  return value
}

/** A JSON value as Elixir's inspect shows the same term, for error texts that quote the params. */
export function inspect(value: unknown): string {
  if (value === null || value === undefined) return 'nil'
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(inspect).join(', ')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `%{${entries.map(([key, item]) => `${JSON.stringify(key)} => ${inspect(item)}`).join(', ')}}`
  }
  return String(value)
}

/** How Realtime names a subscription in its errors: `[event: *, schema: public, table: t, filters: [...], select: nil]`. */
export function describeParams(params: ChangeParams): string {
  const filters = `[${params.filters.map((f) => `{${[f.column, f.op, f.value].map((v) => JSON.stringify(v)).join(', ')}, ${f.negate}}`).join(', ')}]`
  return `event: ${params.action}, schema: ${params.schema}, table: ${params.table}, filters: ${filters}, select: ${inspect(params.select)}`
}
