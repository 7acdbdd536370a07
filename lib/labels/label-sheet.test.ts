import { describe, expect, it } from 'vitest'
import { MAX_COPIES, MAX_LABELS, copiesFor, labelsHref, parseCopies, parseSet, plural, productsPerSet, repeatLabels } from './label-sheet'

describe('parseCopies', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['  ', null],
    ['1', 1],
    [' 3 ', 3],
    ['50', 50],
    [['4', '9'], 4],
  ])('%j → %s copies, no message', (raw, copies) => {
    expect(parseCopies(raw)).toEqual({ copies })
  })

  it.each([
    ['abc', 1, 'showing 1 copy of each label.'],
    ['0', 1, 'showing 1 copy of each label.'],
    ['-2', 1, 'showing 1 copy of each label.'],
    ['2.5', 1, 'showing 1 copy of each label.'],
    ['1e3', 1, 'showing 1 copy of each label.'],
    ['51', MAX_COPIES, `showing ${MAX_COPIES} copies of each label.`],
    ['99999999999999999999', MAX_COPIES, `showing ${MAX_COPIES} copies of each label.`],
  ])('%j falls back to %i with a message', (raw, copies, tail) => {
    const result = parseCopies(raw)
    expect(result.copies).toBe(copies)
    expect(result.message).toBe(`Copies must be a whole number from 1 to ${MAX_COPIES}: ${tail}`)
  })
})

describe('parseSet', () => {
  it.each([
    [undefined, 1],
    ['2', 2],
    ['0', 1],
    ['-1', 1],
    ['x', 1],
    ['100001', 1],
  ])('%j → set %i', (raw, set) => {
    expect(parseSet(raw)).toBe(set)
  })
})

describe('sets and copies', () => {
  it('fits as many products as MAX_LABELS allows, at least one', () => {
    expect(productsPerSet(1)).toBe(MAX_LABELS)
    expect(productsPerSet(3)).toBe(Math.floor(MAX_LABELS / 3))
    expect(productsPerSet(MAX_COPIES) * MAX_COPIES).toBeLessThanOrEqual(MAX_LABELS)
    expect(productsPerSet(MAX_LABELS + 1)).toBe(1)
  })

  it('repeats each product in place, its own number of times, with a key per copy', () => {
    const labels = repeatLabels([
      { id: 'a', copies: 2 },
      { id: 'b', copies: 1 },
    ])
    expect(labels.map(({ key }) => key)).toEqual(['a-0', 'a-1', 'b-0'])
    expect(labels.map(({ product }) => product.id)).toEqual(['a', 'a', 'b'])
    expect(repeatLabels([])).toEqual([])
  })

  it('gives one label per unit in stock, 1 to 50, unless a number is asked for', () => {
    expect([0, 1, 7, 50, 51, 900].map((qty) => copiesFor(qty, null))).toEqual([1, 1, 7, 50, 50, 50])
    expect(copiesFor(7, 3)).toBe(3)
  })

  it('links keep only what differs from the default', () => {
    expect(labelsHref({ copies: null, set: 1 })).toBe('/app/products/labels')
    expect(labelsHref({ copies: 1, set: 1 })).toBe('/app/products/labels?copies=1')
    expect(labelsHref({ copies: 3, set: 1 })).toBe('/app/products/labels?copies=3')
    expect(labelsHref({ copies: 2, set: 4 })).toBe('/app/products/labels?copies=2&set=4')
  })

  it('counts in words', () => {
    expect(plural(1, 'label', 'labels')).toBe('1 label')
    expect(plural(1200, 'label', 'labels')).toBe('1,200 labels')
  })
})
