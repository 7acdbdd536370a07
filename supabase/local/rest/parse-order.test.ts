import { describe, expect, it } from 'vitest'
import { RestParseError } from './parse-common.ts'
import { parseOrder } from './parse-order.ts'
import { parsePrefer } from './prefer.ts'

describe('parseOrder', () => {
  it('reads several columns with directions and null placement', () => {
    expect(parseOrder('price.desc.nullslast,name,id.asc,meta->>c.nullsfirst')).toEqual([
      { field: { name: 'price', path: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'name', path: [] } },
      { field: { name: 'id', path: [] }, direction: 'asc' },
      { field: { name: 'meta', path: [{ arrow: '->>', key: 'c' }] }, nulls: 'first' },
    ])
  })

  it('keeps odd text as one column name, for the catalogue to refuse', () => {
    expect(parseOrder('id;drop table x')).toEqual([{ field: { name: 'id;drop table x', path: [] } }])
  })

  it('refuses anything else', () => {
    for (const bad of ['id.up', 'id.desc.asc', 'id,', 'a(b).desc', '']) {
      expect(() => parseOrder(bad), bad).toThrow(RestParseError)
    }
  })
})

describe('parsePrefer', () => {
  it('reads the comma-joined header and serves planned/estimated as exact', () => {
    expect(parsePrefer('count=planned, return=representation,resolution=merge-duplicates, missing=default, tx=rollback')).toEqual({
      count: 'exact',
      return: 'representation',
      resolution: 'merge-duplicates',
      missing: 'default',
    })
    expect(parsePrefer(['return=minimal', 'count=bogus'])).toEqual({ return: 'minimal' })
    expect(parsePrefer(undefined)).toEqual({})
  })
})
