/** Spec: low when qty is at or below low_stock_threshold. */
export function isLowStock(product: { qty: number; low_stock_threshold: number }): boolean {
  return product.qty <= product.low_stock_threshold
}
