import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { BackLink } from '@/components/layout/back-link'
import { requireShop } from '@/lib/auth/require-shop'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'
import { getPurchaseOrder, orderNumber } from '@/lib/data/purchase-orders'
import { formatMoney } from '@/lib/format/money'
import { plural } from '@/lib/format/plural'
import { purchaseOrderIdSchema } from '@/lib/validations/purchase-order'
import { OrderStatusBadge } from '@/components/purchase-orders/order-status-badge'
import { OrderStatusButtons } from '@/components/purchase-orders/order-status-buttons'
import { DraftLinesForm } from '@/components/purchase-orders/draft-lines-form'
import { ReceiveForm } from '@/components/purchase-orders/receive-form'
import { ExportCsvLink } from '@/components/feedback/export-csv-link'
import { PrintButton } from '@/components/labels/print-button'
import { OrderPrintout } from '@/components/purchase-orders/order-printout'
import { SendOrderButtons } from '@/components/purchase-orders/send-order-buttons'
import { formatDate } from '@/lib/format/date-time'
import { orderText } from '@/lib/purchase-orders/order-text'
import { orderCost } from '@/lib/purchase-orders/order-cost'

export const metadata: Metadata = { title: 'Purchase order' }

export default async function PurchaseOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const { shop, supabase } = await requireShop(`/app/purchase-orders/${id}`)
  if (!runsShop(shop.role)) return <RoleRequired page="Purchase orders" shop={shop} />
  const order = purchaseOrderIdSchema.safeParse(id).success ? await getPurchaseOrder(supabase, id) : null
  if (!order) notFound()
  const label = orderNumber(order.number)
  const { total, unpriced } = orderCost(order.lines)
  // The order's date for the supplier: when it was sent, or for a draft (printed or shared to be
  // sent) today. A server component renders once per request.
  // eslint-disable-next-line react-hooks/purity
  const date = formatDate(order.sent_at ?? new Date(Date.now()).toISOString(), shop.timezone)
  // Stock arrives on an order sent to the supplier: not on a draft, and no more once it is all in.
  const receiving = order.status === 'sent' || order.status === 'partly_received'
  const message = {
    subject: `Purchase order ${label} from ${shop.name}`,
    email: order.supplier?.email ?? null,
    text: orderText({ label, shopName: shop.name, date, notes: order.notes, currency: shop.currency, lines: order.lines }),
  }
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <div className="print:hidden">
        <BackLink href="/app/purchase-orders">All purchase orders</BackLink>
      </div>
      <div className="grid gap-2 print:hidden">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
          {label} · {order.supplier?.name} <OrderStatusBadge status={order.status} />
        </h1>
        <p className="text-sm text-muted-foreground">
          {plural(order.lines.length, 'product')} · {formatMoney(total, shop.currency)} at cost
          {unpriced > 0 && ` (${plural(unpriced, 'line')} without a cost)`}
        </p>
        <div className="flex flex-wrap gap-2">
          <OrderStatusButtons id={order.id} label={label} status={order.status} />
          {/* a draft's go beside its lines: it goes out as saved */}
          {receiving && <SendOrderButtons {...message} />}
          <ExportCsvLink href={`/app/purchase-orders/${order.id}/export`} />
          <PrintButton />
        </div>
      </div>
      <OrderPrintout order={order} label={label} date={date} shop={shop} />
      <section aria-labelledby="lines-heading" className="grid gap-3 rounded-xl border p-4 print:hidden">
        <h2 id="lines-heading" className="text-lg font-semibold">{receiving ? 'Receive stock' : 'Lines'}</h2>
        {receiving ? (
          <ReceiveForm orderId={order.id} lines={order.lines} currency={shop.currency} />
        ) : order.status === 'draft' ? (
          <>
            <p className="text-sm text-muted-foreground">Mark the order sent once it has gone to the supplier: its stock is received here then.</p>
            <DraftLinesForm orderId={order.id} label={label} lines={order.lines} message={message} />
          </>
        ) : (
          <ul className="divide-y">
            {order.lines.map((line) => (
              <li key={line.id} className="py-2 text-sm">
                {line.name}: ordered {line.qty}, received {line.received}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  )
}
