import { describe, expect, it } from 'vitest'
import { buildRead, rootParts } from './build-read.ts'
import type { Catalogue, Relation } from './catalogue.ts'
import { parseQuery } from './parse-query.ts'
import { RestError, sqlStateStatus, toRestError } from './rest-errors.ts'
import { Params } from './sql.ts'

const relation = (name: string, columns: string[]): Relation => ({
  name,
  columns: new Map(columns.map((c) => [c, { name: c, type: 'text' }])),
  columnList: columns.map((c) => ({ name: c, type: 'text' })),
  pk: ['id'],
  uniques: [['id']],
})

const catalogue: Catalogue = {
  tables: new Map([
    ['items', relation('items', ['id', 'name', 'category_id', 'meta'])],
    ['categories', relation('categories', ['id', 'name'])],
  ]),
  foreignKeys: [{ name: 'items_category_id_fkey', table: 'items', columns: ['category_id'], refTable: 'categories', refColumns: ['id'] }],
  functions: new Map(),
}

function build(search: string, count = false) {
  const query = parseQuery(new URLSearchParams(search))
  const params = new Params()
  const table = catalogue.tables.get('items')!
  const { sql } = buildRead(
    { catalogue, params, aliases: 0 },
    {
      source: '"public"."items" pgrst_t',
      scope: { name: 'items', columns: table.columns, alias: 'pgrst_t', params },
      table: 'items',
      ...rootParts(query),
      count,
      body: true,
    },
  )
  return { sql, values: params.values }
}

describe('buildRead', () => {
  it('binds every value and JSON key; only catalogue names reach the SQL', () => {
    const evil = `x'); drop table items; --`
    const key = `k'; drop table items; --`
    const { sql, values } = build(
      `select=id,meta->>${encodeURIComponent(key)},c:categories(name)&name=eq.${encodeURIComponent(evil)}&or=(name.like.a*,id.in.(1,2))&categories.name=neq.${encodeURIComponent(evil)}&limit=5&offset=2`,
      true,
    )
    // the JSON key names the output column: a quoted identifier, the only place it appears
    expect(sql.replace(`as "${key}"`, '')).not.toContain('drop table')
    expect(values).toEqual([key, evil, evil, 'a%', '1', '2', '5', '2'])
    expect(sql).toContain('"public"."categories" pgrst_1')
    expect(sql).toMatch(/count\(\*\) from "public"\."items" pgrst_t/)
  })

  it('refuses unknown columns, casts, relationships and unused embedded filters', () => {
    const cases: [string, number, string][] = [
      ['select=nope', 400, '42703'],
      ['select=id;drop', 400, '42703'],
      ['select=id::pg_catalog.text', 400, 'PGRST100'],
      ['order=nope.desc', 400, '42703'],
      ['nope=eq.1', 400, '42703'],
      ['select=id,people(*)', 400, 'PGRST200'],
      ['select=id&categories.name=eq.x', 400, 'PGRST108'],
    ]
    for (const [search, status, code] of cases) {
      let caught: unknown
      try {
        build(search)
      } catch (error) {
        caught = error
      }
      const rest = toRestError(caught, 'anon')
      expect(rest, search).toBeInstanceOf(RestError)
      expect([rest!.status, rest!.code], search).toEqual([status, code])
    }
  })
})

describe('sqlStateStatus', () => {
  it('maps SQLSTATEs as PostgREST does', () => {
    expect(sqlStateStatus('42501', '', 'anon')).toBe(401)
    expect(sqlStateStatus('42501', '', 'authenticated')).toBe(403)
    expect(['23505', '23503', '22P02', 'P0001', '42P01', '42883', 'PT418', '25006', '08006', 'XX000'].map((c) => sqlStateStatus(c, '', 'anon'))).toEqual([
      409, 409, 400, 400, 404, 404, 418, 405, 503, 400,
    ])
  })
})
