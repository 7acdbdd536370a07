import { Cursor, readField, readQuoted, RestParseError, type Field } from './parse-common.ts'

export const SIMPLE_OPS = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'isdistinct'] as const
export const QUANT_OPS = ['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'] as const
export const FTS_OPS = ['fts', 'plfts', 'phfts', 'wfts'] as const
export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const

export type FilterOp = (typeof SIMPLE_OPS)[number] | (typeof QUANT_OPS)[number] | (typeof FTS_OPS)[number] | 'in' | 'is'
export type IsValue = (typeof IS_VALUES)[number]

export type Condition = {
  kind: 'cond'
  field: Field
  negate: boolean
} & (
  | { op: Exclude<FilterOp, 'in' | 'is' | (typeof FTS_OPS)[number]>; quant?: 'any' | 'all'; value: string }
  | { op: (typeof FTS_OPS)[number]; config?: string; value: string }
  | { op: 'in'; value: string[] }
  | { op: 'is'; value: IsValue }
)

export interface Logic {
  kind: 'logic'
  op: 'and' | 'or'
  negate: boolean
  children: FilterNode[]
}

export type FilterNode = Condition | Logic

const OPS = new Set<string>([...SIMPLE_OPS, ...QUANT_OPS, ...FTS_OPS, 'in', 'is'])
const has = (list: readonly string[], x: string) => list.includes(x)

/** A top-level filter `col=[not.]op[(mod)].value`: the value runs verbatim to the end. */
export function parseFilter(field: Field, text: string): Condition {
  const cur = new Cursor(text, 'filter')
  const cond = parseOpExpr(cur, field, 'top')
  if (!cur.done) cur.fail('end of input')
  return cond
}

/** `or=(...)` / `and=(...)`, nested with and(...)/or(...) and `not.` */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string): Logic {
  const cur = new Cursor(text, 'logic tree')
  const children = parseChildren(cur)
  if (!cur.done) cur.fail('end of input')
  return { kind: 'logic', op, negate, children }
}

function parseChildren(cur: Cursor): FilterNode[] {
  cur.expect('(', '"("')
  const children: FilterNode[] = [parseTreeElement(cur)]
  while (cur.eat(',')) children.push(parseTreeElement(cur))
  cur.expect(')', '"," or ")"')
  return children
}

function parseTreeElement(cur: Cursor): FilterNode {
  const start = cur.pos
  const negate = cur.eat('not.')
  for (const op of ['and', 'or'] as const) {
    if (cur.eat(`${op}(`)) {
      cur.pos--
      return { kind: 'logic', op, negate, children: parseChildren(cur) }
    }
  }
  cur.pos = start
  const field = readField(cur, '.,()')
  cur.expect('.', '"." after the column')
  return parseOpExpr(cur, field, 'tree')
}

function parseOpExpr(cur: Cursor, field: Field, mode: 'top' | 'tree'): Condition {
  const negate = cur.eat('not.')
  const start = cur.pos
  const op = cur.until('.(,)')
  if (!OPS.has(op)) {
    cur.pos = start
    cur.fail(`an operator (unknown operator "${op}")`)
  }
  let modifier: string | undefined
  if (cur.eat('(')) {
    modifier = cur.until(')')
    cur.expect(')', '")"')
  }
  cur.expect('.', '"." after the operator')
  const base = { kind: 'cond' as const, field, negate }
  if (op === 'in') {
    if (modifier !== undefined) cur.fail('no modifier on "in"')
    return { ...base, op, value: parseList(cur) }
  }
  const value = mode === 'top' ? cur.rest() : readTreeValue(cur)
  if (op === 'is') {
    const lower = value.toLowerCase()
    if (modifier !== undefined || !has(IS_VALUES, lower)) {
      throw new RestParseError(`failed to parse filter (is.${value})`, 'expecting null, not_null, true, false or unknown')
    }
    return { ...base, op, value: lower as IsValue }
  }
  if (has(FTS_OPS, op)) {
    if (modifier !== undefined && !/^[A-Za-z0-9_]+$/.test(modifier)) cur.fail('a text search configuration')
    return { ...base, op: op as (typeof FTS_OPS)[number], config: modifier, value }
  }
  if (modifier !== undefined && !(has(QUANT_OPS, op) && (modifier === 'any' || modifier === 'all'))) {
    cur.fail(`"any" or "all" as the modifier of "${op}"`)
  }
  return { ...base, op: op as Exclude<FilterOp, 'in' | 'is'>, value, ...(modifier ? { quant: modifier as 'any' | 'all' } : {}) }
}

/** Quoted when the closing quote is followed by a separator; else the raw text up to one. */
function readElement(cur: Cursor, allowArray: boolean): string {
  const start = cur.pos
  if (cur.peek('"')) {
    try {
      const quoted = readQuoted(cur)
      if (cur.done || cur.peek(',') || cur.peek(')')) return quoted
    } catch (error) {
      if (!(error instanceof RestParseError)) throw error
    }
    cur.pos = start
  }
  if (allowArray && cur.peek('{')) {
    const close = cur.text.indexOf('}', cur.pos)
    const inner = close < 0 ? '' : cur.text.slice(cur.pos + 1, close)
    if (close >= 0 && !inner.includes('{')) {
      cur.pos = close + 1
      return cur.text.slice(start, cur.pos)
    }
  }
  return cur.until(',)')
}

function readTreeValue(cur: Cursor): string {
  return readElement(cur, true)
}

function parseList(cur: Cursor): string[] {
  cur.expect('(', '"(" to open the list')
  if (cur.eat(')')) return []
  const values = [readElement(cur, false)]
  while (cur.eat(',')) values.push(readElement(cur, false))
  cur.expect(')', '"," or ")" in the list')
  return values
}
