import type { Catalogue, ForeignKey, Relation } from './catalogue.ts'
import { RestError } from './rest-errors.ts'

export interface Relationship {
  target: Relation
  /** [column of the parent, column of the embedded relation] */
  pairs: [string, string][]
  /** one-to-many: an array; many-to-one and one-to-one: an object or null */
  many: boolean
  fk: ForeignKey
}

const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i]!])

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x))

function matchesHint(fk: ForeignKey, hint: string | undefined): boolean {
  return hint === undefined || fk.name === hint || fk.columns.includes(hint) || fk.refColumns.includes(hint)
}

/**
 * PostgREST's embedding over foreign keys, one hop: `parent(*)` (many-to-one),
 * `children(*)` (one-to-many, or one-to-one when the FK columns are unique),
 * or the FK column / constraint name for many-to-one. `!hint` picks one FK.
 */
export function findRelationship(cat: Catalogue, parent: string, name: string, hint?: string): Relationship {
  const found: Relationship[] = []
  for (const fk of cat.foreignKeys) {
    if (!matchesHint(fk, hint)) continue
    const byName = fk.refTable === name || fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name)
    if (fk.table === parent && byName) {
      found.push({ target: cat.tables.get(fk.refTable)!, pairs: zip(fk.columns, fk.refColumns), many: false, fk })
    }
    if (fk.refTable === parent && fk.table === name) {
      const target = cat.tables.get(fk.table)!
      const unique = [target.pk, ...target.uniques].some((cols) => cols.length > 0 && sameSet(cols, fk.columns))
      found.push({ target, pairs: zip(fk.refColumns, fk.columns), many: !unique, fk })
    }
  }
  if (found.length === 1) return found[0]!
  if (found.length === 0) {
    return raise(
      new RestError(
        400,
        'PGRST200',
        `Could not find a relationship between '${parent}' and '${name}' in the schema cache`,
        `Searched for a foreign key relationship between '${parent}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      ),
    )
  }
  return raise(
    new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${name}'`,
      found.map((r) => `${r.fk.table} via ${r.fk.name}`).join('; '),
      `Try changing '${name}' to one of: ${found.map((r) => `'${name}!${r.fk.name}'`).join(', ')}.`,
    ),
  )
}

function raise(error: RestError): never {
  throw error
}
