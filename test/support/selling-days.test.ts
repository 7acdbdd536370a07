import { describe, expect, it } from 'vitest'
import { salesStatsOf, sellingDaySales } from './selling-days'

describe('sellingDaySales', () => {
  it('counts in-stock days without a sale as 0 and leaves out the days the shelf was empty', () => {
    // 10 in stock; sells 3, 2, then 5 to empty on days 2–4; empty days 5–7; delivery on day 8 (not sold); sells 4 on day 9
    const moves: [number, number, number][] = [
      [2, 3, 7],
      [3, 2, 5],
      [4, 5, 0],
      [8, 0, 12],
      [9, 4, 8],
    ]
    expect(sellingDaySales(10, moves, 11)).toEqual([0, 0, 3, 2, 5, 4, 0])
  })

  it('counts a day that started empty but sold after a delivery, and nothing for a product never stocked', () => {
    expect(sellingDaySales(0, [[1, 2, 4]], 3)).toEqual([2, 0])
    expect(sellingDaySales(0, [], 5)).toEqual([])
  })

  it('gives the same days whatever order the moves come in', () => {
    const moves: [number, number, number][] = [
      [9, 4, 8],
      [2, 3, 7],
      [8, 0, 12],
      [4, 5, 0],
      [3, 2, 5],
    ]
    expect(sellingDaySales(10, moves, 11)).toEqual([0, 0, 3, 2, 5, 4, 0])
  })

  it('keeps the figures of the last 28 selling days only', () => {
    const old = Array.from({ length: 12 }, () => 50)
    const steady = Array.from({ length: 28 }, (_, day) => (day % 2 ? 4 : 2))
    expect(salesStatsOf([...old, ...steady])).toEqual({ days: 28, units: 84, squares: 280, saleDays: 28 })
    expect(salesStatsOf([0, 3, 0])).toEqual({ days: 3, units: 3, squares: 9, saleDays: 1 })
  })
})
