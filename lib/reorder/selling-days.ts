/** A day of the window with movements: [day index, units sold or gone, stock at the day's end]. */
export type DayMoves = [day: number, sold: number, endQty: number]

/**
 * Units sold per selling day over `days` days (index 0 first), most recent last: a day counts
 * unless the product was out of stock all through it (none at its start and none sold).
 * `openingQty` is the stock before day 0; a day without movements keeps the stock it started with.
 */
export function sellingDaySales(openingQty: number, moves: DayMoves[], days: number): number[] {
  const byDay = new Map(moves.map((move) => [move[0], move]))
  const sales: number[] = []
  let level = openingQty
  for (let day = 0; day < days; day++) {
    const move = byDay.get(day)
    const sold = move?.[1] ?? 0
    if (level > 0 || sold > 0) sales.push(sold)
    if (move) level = move[2]
  }
  return sales
}
