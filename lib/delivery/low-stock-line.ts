/** A low product as a report's email or WhatsApp message lists it. */
export interface LowStockLine {
  name: string
  qty: number
  /** units on open purchase orders, not yet received */
  onOrder: number
  /** units the reorder suggestions would order now (beyond those on order), 0 when none */
  orderQty: number
}

/** What follows a low product's stock: ", 24 on order, order 6 more", ", order 6", or nothing. */
export function orderNote({ onOrder, orderQty }: LowStockLine): string {
  const coming = onOrder > 0 ? `, ${onOrder} on order` : ''
  return orderQty > 0 ? `${coming}, order ${orderQty}${onOrder > 0 ? ' more' : ''}` : coming
}
