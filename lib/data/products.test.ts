import { describe, expect, it } from 'vitest'
import { isLowStock } from '@/lib/products/stock'
import { containsPattern, quoteFilterValue } from './products'

describe('search filter', () => {
  it('takes LIKE wildcards in the search text literally', () => {
    expect(containsPattern('milk')).toBe('%milk%')
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })

  it('quotes values for an or=(…) list so commas, dots and parentheses stay text', () => {
    expect(quoteFilterValue('%a,b.c(d)%')).toBe('"%a,b.c(d)%"')
    expect(quoteFilterValue('say "hi"\\')).toBe('"say \\"hi\\"\\\\"')
  })
})

describe('isLowStock', () => {
  it.each([
    [0, 0, true],
    [3, 3, true],
    [2, 3, true],
    [4, 3, false],
  ])('qty %i, threshold %i → %s', (qty, threshold, low) => {
    expect(isLowStock({ qty, low_stock_threshold: threshold })).toBe(low)
  })
})
