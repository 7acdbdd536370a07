import type { PurchaseOrder } from '@/lib/data/purchase-orders'
import { formatMoney } from '@/lib/format/money'
import { plural } from '@/lib/format/plural'
import { orderCost, orderUnits } from '@/lib/purchase-orders/order-cost'

/**
 * The order on paper, for the supplier: who orders, to whom, on what date, each line with its cost,
 * and the total. Only printed; the screen has the forms instead.
 */
export function OrderPrintout({ order, label, date, shop }: { order: PurchaseOrder; label: string; date: string; shop: { name: string; currency: string } }) {
  const { total, unpriced } = orderCost(order.lines)
  const money = (amount: number | null) => formatMoney(amount, shop.currency)
  return (
    <div data-testid="order-printout" className="hidden gap-4 text-sm print:grid">
      <div className="grid gap-0.5">
        <p className="text-xl font-bold">Purchase order {label}</p>
        <p>From: {shop.name}</p>
        <p>To: {order.supplier?.name}</p>
        <p>Date: {date}</p>
        {order.notes && <p>Notes: {order.notes}</p>}
      </div>
      <table className="w-full">
        <thead>
          <tr className="border-b text-left">
            <th className="py-1">Product</th>
            <th>SKU</th>
            <th className="text-right">Packs</th>
            <th className="text-right">Units</th>
            <th className="text-right">Unit cost</th>
            <th className="text-right">Line total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-b">
              <td className="py-1">{line.name}</td>
              <td>{line.sku ?? ''}</td>
              <td className="text-right">{line.pack_size > 1 ? `${line.packs} × ${line.pack_size}` : line.packs}</td>
              <td className="text-right">{line.qty}</td>
              <td className="text-right">{money(line.unit_cost)}</td>
              <td className="text-right">{line.unit_cost === null ? '—' : money(line.unit_cost * line.qty)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <td className="py-1" colSpan={3}>
              {unpriced ? `Total (${plural(unpriced, 'line')} without a cost not included)` : 'Total'}
            </td>
            <td className="text-right">{orderUnits(order.lines)}</td>
            <td />
            <td className="text-right">{money(total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
