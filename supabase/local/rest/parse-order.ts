import { Cursor, readField, type Field } from './parse-common.ts'

export interface OrderTerm {
  field: Field
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/** `order=a.desc.nullslast,b` */
export function parseOrder(text: string): OrderTerm[] {
  const cur = new Cursor(text, 'order parameter')
  const terms: OrderTerm[] = []
  do {
    const term: OrderTerm = { field: readField(cur, '.,()') }
    while (cur.eat('.')) {
      const word = cur.until('.,')
      if ((word === 'asc' || word === 'desc') && !term.direction && !term.nulls) term.direction = word
      else if ((word === 'nullsfirst' || word === 'nullslast') && !term.nulls) term.nulls = word === 'nullsfirst' ? 'first' : 'last'
      else {
        cur.pos -= word.length
        cur.fail('asc, desc, nullsfirst or nullslast')
      }
    }
    terms.push(term)
  } while (cur.eat(','))
  if (!cur.done) cur.fail('"," or end of input')
  return terms
}
