import { SELLING_DAYS, type SalesStats } from '@/lib/reorder/suggest'

// The selling-day rule written out day by day: the oracle product_sales_stats (SQL) is held to.

/** A day of the window with movements: [day index, units sold or gone, stock at the day's end]. */
export type DayMoves = [day: number, sold: number, endQty: number]

/**
 * Units sold per selling day over `days` days (index 0 first), most recent last: a day counts
 * unless the product was out of stock all through it (none at its start and none sold).
 * `openingQty` is the stock before day 0; a day without movements keeps the stock it started with.
 */
export function sellingDaySales(openingQty: number, moves: DayMoves[], days: number): number[] {
  const ordered = [...moves].sort((a, b) => a[0] - b[0])
  const sales: number[] = []
  let level = openingQty
  let next = 0
  for (let day = 0; day < days; day++) {
    while (next < ordered.length && ordered[next]![0] < day) next++
    const move = ordered[next]?.[0] === day ? ordered[next] : undefined
    const sold = move?.[1] ?? 0
    if (level > 0 || sold > 0) sales.push(sold)
    if (move) level = move[2]
  }
  return sales
}

/** The figures of the last SELLING_DAYS of these selling days, as product_sales_stats keeps them. */
export function salesStatsOf(dailySales: number[]): SalesStats {
  const last = dailySales.slice(-SELLING_DAYS)
  return {
    days: last.length,
    units: last.reduce((sum, units) => sum + units, 0),
    squares: last.reduce((sum, units) => sum + units * units, 0),
    saleDays: last.filter((units) => units > 0).length,
  }
}
