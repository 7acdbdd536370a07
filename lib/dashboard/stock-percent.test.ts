import { describe, expect, it } from 'vitest'
import { stockPercent } from './stock-percent'

describe('stockPercent', () => {
  it.each([
    [0, 10, 0],
    [3, 12, 25],
    [1, 3, 33],
    [2, 3, 67],
    [12, 10, 100],
    [0, 0, 100],
  ])('qty %i of optimal %i → %i%%', (qty, optimal, percent) => {
    expect(stockPercent(qty, optimal)).toBe(percent)
  })
})
