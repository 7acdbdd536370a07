import type { Metadata } from 'next'
import Link from 'next/link'
import { ClipboardList } from 'lucide-react'
import { requireShop } from '@/lib/auth/require-shop'
import { pageNumber } from '@/lib/http/page-number'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'
import { listPurchaseOrders, orderNumber } from '@/lib/data/purchase-orders'
import { formatDateTime } from '@/lib/format/date-time'
import { plural } from '@/lib/format/plural'
import { ORDER_VIEWS, orderView, ordersHref } from '@/lib/purchase-orders/order-views'
import { FilterLinks } from '@/components/layout/filter-links'
import { PageNav } from '@/components/layout/page-nav'
import { OrderStatusBadge } from '@/components/purchase-orders/order-status-badge'
import { Button } from '@/components/ui/button'

export const metadata: Metadata = { title: 'Purchase orders' }

export default async function PurchaseOrdersPage({ searchParams }: { searchParams: Promise<{ page?: string | string[]; show?: string | string[] }> }) {
  const { shop, supabase } = await requireShop('/app/purchase-orders')
  if (!runsShop(shop.role)) return <RoleRequired page="Purchase orders" shop={shop} />
  const params = await searchParams
  const view = orderView(params.show)
  const { orders, page, pageCount } = await listPurchaseOrders(supabase, view.statuses, pageNumber(params.page))
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Purchase orders</h1>
        <Button asChild variant="outline">
          <Link href="/app/reorder">Reorder</Link>
        </Button>
      </div>
      <FilterLinks label="Show orders" links={ORDER_VIEWS.map(({ id, label }) => ({ href: ordersHref(id), label, current: id === view.id }))} />
      {orders.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-8 text-center">
          <ClipboardList aria-hidden="true" className="size-8 text-muted-foreground" />
          <h2 className="font-semibold">{view.empty.title}</h2>
          <p className="max-w-sm text-sm text-muted-foreground">{view.empty.text}</p>
        </div>
      ) : (
        <ul aria-label={view.id === 'all' ? 'Purchase orders' : `${view.label} purchase orders`} className="divide-y rounded-xl border">
          {orders.map((order) => (
            <li key={order.id} className="grid gap-1 p-4">
              <p className="flex flex-wrap items-center gap-2">
                <Link href={`/app/purchase-orders/${order.id}`} className="font-medium underline-offset-4 hover:underline">
                  {orderNumber(order.number)} · {order.supplier?.name}
                </Link>
                <OrderStatusBadge status={order.status} />
              </p>
              <p className="text-sm text-muted-foreground">
                {plural(order.lines, 'product')} · {order.units} units ordered, {order.received} received ·{' '}
                {formatDateTime(order.created_at, shop.timezone)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <PageNav label="Order pages" page={page} pageCount={pageCount} href={(to) => ordersHref(view.id, to)} />
    </main>
  )
}
