import { formatMoney } from '@/lib/format/money'
import { plural } from '@/lib/format/plural'
import { orderCost, orderUnits } from './order-cost'

export interface OrderForText {
  label: string
  shopName: string
  /** "28 Nov 2026" */
  date: string
  notes: string | null
  currency: string
  lines: { name: string; sku: string | null; packs: number; pack_size: number; qty: number; unit_cost: number | null }[]
}

/** The order as a message to the supplier (email, WhatsApp, a text): what the printout says, line by line. */
export function orderText(order: OrderForText): string {
  const money = (amount: number) => formatMoney(amount, order.currency)
  const { total, unpriced } = orderCost(order.lines)
  const lines = order.lines.map((line) => {
    const amount = line.pack_size > 1 ? `${line.packs} × ${line.pack_size} (${line.qty} units)` : plural(line.qty, 'unit')
    const cost = line.unit_cost === null ? '' : ` at ${money(line.unit_cost)}`
    return `- ${line.name}${line.sku ? ` (${line.sku})` : ''}: ${amount}${cost}`
  })
  const units = orderUnits(order.lines)
  const priced = order.lines.length > unpriced
  return [
    `Purchase order ${order.label} from ${order.shopName}`,
    `Date: ${order.date}`,
    ...(order.notes ? [`Notes: ${order.notes}`] : []),
    '',
    ...lines,
    '',
    `Total: ${plural(units, 'unit')}${priced ? `, ${money(total)}${unpriced ? ` (${plural(unpriced, 'line')} without a cost not included)` : ''}` : ''}`,
  ].join('\n')
}
