import { describe, expect, it } from 'vitest'
import { isLowStock } from './stock'

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
