interface CostedLine {
  qty: number
  unit_cost: number | null
}

/** An order's cost: the lines with a unit cost, and how many lines have none (their cost is not in the total). */
export function orderCost(lines: readonly CostedLine[]): { total: number; unpriced: number } {
  let total = 0
  let unpriced = 0
  for (const line of lines) {
    if (line.unit_cost === null) unpriced++
    else total += line.unit_cost * line.qty
  }
  // pennies, not float dust: 3 × 0.35 is 1.05, not 1.0499999999999998
  return { total: Math.round(total * 100) / 100, unpriced }
}

/** The units an order's lines hold, all told. */
export const orderUnits = (lines: readonly { qty: number }[]): number => lines.reduce((sum, line) => sum + line.qty, 0)
