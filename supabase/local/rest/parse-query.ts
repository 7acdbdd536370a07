import { Cursor, readField, readName, RestParseError } from './parse-common.ts'
import { parseFilter, parseLogic, type FilterNode } from './parse-filter.ts'
import { parseOrder, type OrderTerm } from './parse-order.ts'
import { parseSelect, type SelectItem } from './parse-select.ts'

/** Filters, order and paging for the root or for one embedded resource (`products.name=eq.x`). */
export interface QueryNode {
  filters: FilterNode[]
  order: OrderTerm[]
  limit?: number
  offset?: number
  children: Map<string, QueryNode>
  used: boolean
}

export interface ParsedQuery {
  select: SelectItem[]
  root: QueryNode
  columns?: string[]
  onConflict?: string[]
  /** rpc arguments given in the query string (GET /rpc/fn?arg=...) */
  args: Record<string, string>
}

export const emptyNode = (): QueryNode => ({ filters: [], order: [], children: new Map(), used: false })

function nodeAt(root: QueryNode, path: string[]): QueryNode {
  let node = root
  for (const segment of path) {
    let child = node.children.get(segment)
    if (!child) node.children.set(segment, (child = emptyNode()))
    node = child
  }
  return node
}

function parseCount(key: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new RestParseError(`failed to parse ${key} parameter (${value})`, 'expecting a non-negative integer')
  return Number(value)
}

/** `"a","b"` or `a,b`, as supabase-js sends `columns=` and `on_conflict=`. */
export function parseNameList(key: string, text: string): string[] {
  const cur = new Cursor(text, `${key} parameter`)
  const names = [readName(cur, ',')]
  while (cur.eat(',')) names.push(readName(cur, ','))
  if (!cur.done) cur.fail('"," or end of input')
  return names
}

function applyParam(root: QueryNode, key: string, value: string): void {
  const segments = key.split('.')
  const last = segments[segments.length - 1]!
  if ((last === 'or' || last === 'and') && segments.length >= 1) {
    const negated = segments[segments.length - 2] === 'not'
    const path = segments.slice(0, negated ? -2 : -1)
    nodeAt(root, path).filters.push(parseLogic(last, negated, value))
    return
  }
  const path = segments.slice(0, -1)
  if (last === 'order') nodeAt(root, path).order = parseOrder(value)
  else if (last === 'limit') nodeAt(root, path).limit = parseCount(key, value)
  else if (last === 'offset') nodeAt(root, path).offset = parseCount(key, value)
  else {
    const cur = new Cursor(last, 'filter column')
    const field = readField(cur, '')
    if (!cur.done) cur.fail('end of the column')
    nodeAt(root, path).filters.push(parseFilter(field, value))
  }
}

const RESERVED = new Set(['select', 'columns', 'on_conflict'])

export function parseQuery(search: URLSearchParams, argNames: ReadonlySet<string> = new Set()): ParsedQuery {
  const root = emptyNode()
  const query: ParsedQuery = { select: parseSelect(search.get('select') ?? '*'), root, args: {} }
  const columns = search.get('columns')
  if (columns !== null) query.columns = parseNameList('columns', columns)
  const onConflict = search.get('on_conflict')
  if (onConflict !== null) query.onConflict = parseNameList('on_conflict', onConflict)
  for (const [key, value] of search) {
    if (RESERVED.has(key)) continue
    if (argNames.has(key)) query.args[key] = value
    else applyParam(root, key, value)
  }
  return query
}
