import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RestParseError } from './parse-common.ts'
import { parseSelect, type SelectItem } from './parse-select.ts'

describe('parseSelect', () => {
  it('reads columns, renames, casts, JSON paths and stars', () => {
    expect(parseSelect('*,id,title:name,price::text,total:price::numeric,meta->>color,c:meta->size')).toEqual([
      { kind: 'star' },
      { kind: 'column', field: { name: 'id', path: [] } },
      { kind: 'column', field: { name: 'name', path: [] }, alias: 'title' },
      { kind: 'column', field: { name: 'price', path: [] }, cast: 'text' },
      { kind: 'column', field: { name: 'price', path: [] }, alias: 'total', cast: 'numeric' },
      { kind: 'column', field: { name: 'meta', path: [{ arrow: '->>', key: 'color' }] } },
      { kind: 'column', field: { name: 'meta', path: [{ arrow: '->', key: 'size' }] }, alias: 'c' },
    ])
  })

  it('reads embeds with aliases, hints, !inner and nesting', () => {
    expect(parseSelect('id,cat:categories!items_category_id_fkey!inner(name),reviews(stars,people(*)),x!left()')).toEqual([
      { kind: 'column', field: { name: 'id', path: [] } },
      {
        kind: 'embed',
        relation: 'categories',
        alias: 'cat',
        hint: 'items_category_id_fkey',
        inner: true,
        items: [{ kind: 'column', field: { name: 'name', path: [] } }],
      },
      {
        kind: 'embed',
        relation: 'reviews',
        inner: false,
        items: [
          { kind: 'column', field: { name: 'stars', path: [] } },
          { kind: 'embed', relation: 'people', inner: false, items: [{ kind: 'star' }] },
        ],
      },
      { kind: 'embed', relation: 'x', inner: false, items: [] },
    ] satisfies SelectItem[])
  })

  it('reads quoted names and treats a blank select as *', () => {
    expect(parseSelect('"we,ird":"a b"')).toEqual([{ kind: 'column', field: { name: 'a b', path: [] }, alias: 'we,ird' }])
    expect(parseSelect('')).toEqual([{ kind: 'star' }])
  })

  it('refuses malformed lists', () => {
    for (const bad of ['id,', ',id', 'a(', 'a(b', 'a)', 'id::', 'id::text;drop', '(select 1)', 'a!b!c!d()', '...a(b)', 'a:b:c']) {
      expect(() => parseSelect(bad), bad).toThrow(RestParseError)
    }
  })

  it('throws nothing but RestParseError on random input', () => {
    const noisy = fc.string({ unit: fc.constantFrom(...'ab_:!,()*"\\->. '.split('')) })
    fc.assert(
      fc.property(fc.oneof(fc.string(), noisy), (text) => {
        try {
          parseSelect(text)
        } catch (error) {
          if (!(error instanceof RestParseError)) throw error
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('round-trips generated select lists', () => {
    const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/)
    const column = fc.record({ name, alias: fc.option(name, { nil: undefined }), cast: fc.option(fc.constantFrom('text', 'int4'), { nil: undefined }) })
    const item = fc.oneof(
      column.map((c) => ({ kind: 'column' as const, ...c })),
      fc.record({ relation: name, inner: fc.boolean(), cols: fc.array(column, { minLength: 1, maxLength: 3 }) }).map((e) => ({ kind: 'embed' as const, ...e })),
    )
    const render = (c: { name: string; alias?: string; cast?: string }) =>
      `${c.alias ? `${c.alias}:` : ''}${c.name}${c.cast ? `::${c.cast}` : ''}`
    const ast = (c: { name: string; alias?: string; cast?: string }) => ({
      kind: 'column',
      field: { name: c.name, path: [] },
      ...(c.alias ? { alias: c.alias } : {}),
      ...(c.cast ? { cast: c.cast } : {}),
    })
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 5 }), (items) => {
        const text = items
          .map((i) => (i.kind === 'column' ? render(i) : `${i.relation}${i.inner ? '!inner' : ''}(${i.cols.map(render).join(',')})`))
          .join(',')
        expect(parseSelect(text)).toEqual(
          items.map((i) => (i.kind === 'column' ? ast(i) : { kind: 'embed', relation: i.relation, inner: i.inner, items: i.cols.map(ast) })),
        )
      }),
    )
  })
})
