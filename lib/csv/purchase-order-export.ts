import { formatMoneyInput } from '@/lib/format/money'
import { orderCost, orderUnits } from '@/lib/purchase-orders/order-cost'
import { csvLine, fixedWidthLine, UTF8_BOM } from './write-csv'

export interface PurchaseOrderForCsv {
  number: string
  supplier: string
  status: string
  created: string
  currency: string
  lines: { name: string; sku: string | null; packs: number; pack_size: number; qty: number; received: number; unit_cost: number | null }[]
}

export const PURCHASE_ORDER_COLUMNS = ['Product', 'SKU', 'Packs', 'Units per pack', 'Units', 'Received', 'Unit cost', 'Line cost'] as const

/** The order as a supplier or a spreadsheet reads it: a title record, the lines, a total; money in the currency's minor units. */
export function purchaseOrderCsv(order: PurchaseOrderForCsv): string {
  const money = (amount: number | null) => formatMoneyInput(amount, order.currency)
  const record = fixedWidthLine(PURCHASE_ORDER_COLUMNS.length)
  const { total } = orderCost(order.lines)
  return [
    UTF8_BOM,
    record(['Purchase order', order.number, order.supplier, order.status, order.created, order.currency]),
    record([]),
    csvLine(PURCHASE_ORDER_COLUMNS),
    ...order.lines.map((line) =>
      csvLine([line.name, line.sku, line.packs, line.pack_size, line.qty, line.received, money(line.unit_cost), line.unit_cost === null ? '' : money(line.unit_cost * line.qty)]),
    ),
    record(['Total', '', '', '', orderUnits(order.lines), order.lines.reduce((sum, line) => sum + line.received, 0), '', money(total)]),
  ].join('')
}
