/** A day of the window with movements: [day index, units sold or gone, stock at the day's end]. */
export type DayMoves = [day: number, sold: number, endQty: number]

/**
 * Units sold per selling day over `days` days (index 0 first), most recent last: a day counts
 * unless the product was out of stock all through it (none at its start and none sold).
 * `openingQty` is the stock before day 0; a day without movements keeps the stock it started with.
 */
export function sellingDaySales(openingQty: number, moves: DayMoves[], days: number): number[] {
  // reorder_inputs() gives the days in order; a copy sorted here keeps that a convenience, not a trap
  const ordered = moves.every((move, i) => i === 0 || moves[i - 1]![0] < move[0]) ? moves : [...moves].sort((a, b) => a[0] - b[0])
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
