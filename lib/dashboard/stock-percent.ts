/** How full the shelf is against the optimal quantity, 0–100, for the progress bar. */
export function stockPercent(qty: number, optimal: number): number {
  if (optimal <= 0) return 100
  return Math.min(100, Math.max(0, Math.round((qty / optimal) * 100)))
}
