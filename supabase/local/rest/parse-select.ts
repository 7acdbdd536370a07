import { Cursor, readField, readName, type Field } from './parse-common.ts'

export interface StarItem {
  kind: 'star'
}

export interface ColumnItem {
  kind: 'column'
  field: Field
  alias?: string
  cast?: string
}

export interface EmbedItem {
  kind: 'embed'
  relation: string
  alias?: string
  hint?: string
  inner: boolean
  items: SelectItem[]
}

export type SelectItem = StarItem | ColumnItem | EmbedItem

const STOPS = ',():!'

/** PostgREST's `select=` grammar (without aggregates and spreads). Blank means `*`. */
export function parseSelect(text: string): SelectItem[] {
  if (text.trim() === '') return [{ kind: 'star' }]
  const cur = new Cursor(text, 'select parameter')
  const items = parseItems(cur)
  if (!cur.done) cur.fail('"," or end of input')
  return items
}

function parseItems(cur: Cursor): SelectItem[] {
  const items = [parseItem(cur)]
  while (cur.eat(',')) items.push(parseItem(cur))
  return items
}

function parseItem(cur: Cursor): SelectItem {
  if (cur.eat('*')) return { kind: 'star' }
  if (cur.peek('...')) cur.fail('a column or a relation (spreads are not supported)')
  const start = cur.pos
  let alias: string | undefined
  const first = readName(cur, STOPS)
  if (cur.peek(':') && !cur.peek('::')) {
    cur.pos++
    alias = first
  } else cur.pos = start
  const nameStart = cur.pos
  const name = readName(cur, STOPS)
  if (cur.peek('!') || cur.peek('(')) return parseEmbed(cur, name, alias)
  cur.pos = nameStart
  const field = readField(cur, STOPS)
  const item: ColumnItem = { kind: 'column', field }
  if (alias !== undefined) item.alias = alias
  if (cur.eat('::')) {
    const cast = cur.until(STOPS)
    if (!/^[A-Za-z][A-Za-z0-9_ ]*(\[\])?$/.test(cast)) cur.fail('a type name after "::"')
    item.cast = cast
  }
  return item
}

function parseEmbed(cur: Cursor, relation: string, alias: string | undefined): EmbedItem {
  const embed: EmbedItem = { kind: 'embed', relation, inner: false, items: [] }
  if (alias !== undefined) embed.alias = alias
  while (cur.eat('!')) {
    const word = readName(cur, STOPS)
    if (word === 'inner') embed.inner = true
    else if (word === 'left') embed.inner = false
    else if (embed.hint === undefined) embed.hint = word
    else cur.fail('one hint at most')
  }
  cur.expect('(', '"(" after the relation')
  if (!cur.eat(')')) {
    embed.items = parseItems(cur)
    cur.expect(')', '"," or ")"')
  }
  return embed
}
