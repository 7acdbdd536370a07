import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RestParseError } from './parse-common.ts'
import { parseFilter, parseLogic, type FilterNode } from './parse-filter.ts'

const col = (name: string) => ({ name, path: [] })

describe('parseFilter (top level)', () => {
  it('takes the rest of the value verbatim, reserved characters included', () => {
    expect(parseFilter(col('name'), 'eq.a,b.(c):"d"*')).toEqual({
      kind: 'cond',
      field: col('name'),
      negate: false,
      op: 'eq',
      value: 'a,b.(c):"d"*',
    })
  })

  it('reads not., quantifiers and full-text configurations', () => {
    expect(parseFilter(col('n'), 'not.like(any).{a*,b*}')).toEqual({
      kind: 'cond',
      field: col('n'),
      negate: true,
      op: 'like',
      quant: 'any',
      value: '{a*,b*}',
    })
    expect(parseFilter(col('doc'), 'fts(english).cat & dog')).toEqual({
      kind: 'cond',
      field: col('doc'),
      negate: false,
      op: 'fts',
      config: 'english',
      value: 'cat & dog',
    })
  })

  it('parses in-lists with quoted elements and escapes', () => {
    expect(parseFilter(col('x'), 'in.(1,"a,b","say \\"hi\\"",c\\d)')).toMatchObject({
      op: 'in',
      value: ['1', 'a,b', 'say "hi"', 'c\\d'],
    })
    expect(parseFilter(col('x'), 'in.()')).toMatchObject({ op: 'in', value: [] })
  })

  it('accepts is.null/not_null/true/false/unknown in any case', () => {
    expect(parseFilter(col('x'), 'is.NULL')).toMatchObject({ op: 'is', value: 'null' })
    expect(parseFilter(col('x'), 'not.is.not_null')).toMatchObject({ op: 'is', value: 'not_null', negate: true })
    expect(() => parseFilter(col('x'), 'is.maybe')).toThrow(RestParseError)
  })

  it('refuses unknown operators, bad modifiers and unclosed lists', () => {
    for (const bad of ['equals.1', 'eq', 'in.(1,2', 'in.1', 'neq(any).1', 'fts(a;b).x', 'is(any).null', '']) {
      expect(() => parseFilter(col('x'), bad), bad).toThrow(RestParseError)
    }
  })
})

describe('parseLogic', () => {
  it('parses nested trees with not., quoting and array literals', () => {
    const tree = parseLogic('or', false, '(a.eq.1,not.and(b.gt.2,c.is.null),d.in.(x,"y)"),e.cs.{1,2},f.eq."q,\\"x")')
    const expected: FilterNode = {
      kind: 'logic',
      op: 'or',
      negate: false,
      children: [
        { kind: 'cond', field: col('a'), negate: false, op: 'eq', value: '1' },
        {
          kind: 'logic',
          op: 'and',
          negate: true,
          children: [
            { kind: 'cond', field: col('b'), negate: false, op: 'gt', value: '2' },
            { kind: 'cond', field: col('c'), negate: false, op: 'is', value: 'null' },
          ],
        },
        { kind: 'cond', field: col('d'), negate: false, op: 'in', value: ['x', 'y)'] },
        { kind: 'cond', field: col('e'), negate: false, op: 'cs', value: '{1,2}' },
        { kind: 'cond', field: col('f'), negate: false, op: 'eq', value: 'q,"x' },
      ],
    }
    expect(tree).toEqual(expected)
  })

  it('reads JSON paths and negated operators inside trees', () => {
    expect(parseLogic('and', true, '(meta->>color.not.eq.red)')).toEqual({
      kind: 'logic',
      op: 'and',
      negate: true,
      children: [
        { kind: 'cond', field: { name: 'meta', path: [{ arrow: '->>', key: 'color' }] }, negate: true, op: 'eq', value: 'red' },
      ],
    })
  })

  it('refuses malformed trees', () => {
    for (const bad of ['a.eq.1', '()', '(a.eq.1', '(a.eq.1))', '(a.eq.1,)', '(a)', '(a.zz.1)', '(and(a.eq.1)']) {
      expect(() => parseLogic('or', false, bad), bad).toThrow(RestParseError)
    }
  })
})

const onlyParseErrors = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    if (!(error instanceof RestParseError)) throw error
  }
}

describe('filter parser fuzz', () => {
  const noisy = fc.string({ unit: fc.constantFrom(...'abc.,()"\\:*{}-> not.eq.in.is.or(and(1'.split('')) })

  it('throws nothing but RestParseError on random input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), noisy), (text) => {
        onlyParseErrors(() => parseFilter(col('x'), text))
        onlyParseErrors(() => parseLogic('or', false, text))
      }),
      { numRuns: 2000 },
    )
  })

  const value = fc.string({ unit: fc.constantFrom(...'ab1 ,.()":*\\{'.split('')) })
  const quote = (v: string) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
  const ops = fc.constantFrom('eq', 'neq', 'gt', 'lte', 'like', 'ilike')

  it('round-trips generated trees of quoted values', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b_c', 'd1'), ops, fc.boolean(), value), { minLength: 1, maxLength: 5 }), (conds) => {
        const text = `(${conds.map(([f, op, neg, v]) => `${f}.${neg ? 'not.' : ''}${op}.${quote(v)}`).join(',')})`
        const tree = parseLogic('and', false, text)
        expect(tree.children).toEqual(
          conds.map(([f, op, neg, v]) => ({ kind: 'cond', field: col(f), negate: neg, op, value: v })),
        )
      }),
    )
  })

  it('round-trips generated in-lists and top-level values', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 6 }), value, (list, v) => {
        expect(parseFilter(col('x'), `in.(${list.map(quote).join(',')})`)).toMatchObject({ value: list })
        expect(parseFilter(col('x'), `not.eq.${v}`)).toMatchObject({ op: 'eq', negate: true, value: v })
      }),
    )
  })
})
