/** A syntax error in the URL (select, filters, order): PostgREST's PGRST100. */
export class RestParseError extends Error {
  constructor(
    message: string,
    readonly details: string | null = null,
  ) {
    super(message)
  }
}

export interface JsonStep {
  arrow: '->' | '->>'
  key: string
}

/** A column, optionally followed by a JSON path (`data->a->>b`). */
export interface Field {
  name: string
  path: JsonStep[]
}

export class Cursor {
  pos = 0
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length
  }

  peek(s: string): boolean {
    return this.text.startsWith(s, this.pos)
  }

  eat(s: string): boolean {
    if (!this.peek(s)) return false
    this.pos += s.length
    return true
  }

  expect(s: string, what: string): void {
    if (!this.eat(s)) this.fail(`expecting ${what}`)
  }

  rest(): string {
    const out = this.text.slice(this.pos)
    this.pos = this.text.length
    return out
  }

  /** Characters up to (not including) the first of `stops`, or the end. */
  until(stops: string): string {
    const start = this.pos
    while (this.pos < this.text.length && !stops.includes(this.text[this.pos]!)) this.pos++
    return this.text.slice(start, this.pos)
  }

  fail(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.text[this.pos]}"`
    throw new RestParseError(`failed to parse ${this.label} (${this.text})`, `unexpected ${found} ${expecting}`)
  }
}

/** `"..."` with backslash escapes; the cursor sits on the opening quote. */
export function readQuoted(cur: Cursor): string {
  cur.expect('"', 'a quote')
  let out = ''
  for (;;) {
    if (cur.done) cur.fail('a closing quote')
    const ch = cur.text[cur.pos++]!
    if (ch === '"') return out
    if (ch === '\\') {
      if (cur.done) cur.fail('an escaped character')
      out += cur.text[cur.pos++]!
    } else out += ch
  }
}

/** A bare or quoted name, stopping at any of `stops` or at a JSON arrow. */
export function readName(cur: Cursor, stops: string): string {
  if (cur.peek('"')) return readQuoted(cur)
  const start = cur.pos
  while (!cur.done && !stops.includes(cur.text[cur.pos]!) && !cur.peek('->') && !cur.peek('"')) cur.pos++
  if (cur.pos === start) cur.fail('a name')
  return cur.text.slice(start, cur.pos)
}

export function readField(cur: Cursor, stops: string): Field {
  const name = readName(cur, stops)
  const path: JsonStep[] = []
  while (cur.peek('->')) {
    const arrow = cur.eat('->>') ? '->>' : (cur.pos += 2, '->')
    path.push({ arrow, key: readName(cur, stops) })
  }
  return { name, path }
}
