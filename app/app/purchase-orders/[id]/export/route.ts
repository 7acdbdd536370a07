import { purchaseOrderCsv } from '@/lib/csv/purchase-order-export'
import { getPurchaseOrder, orderNumber } from '@/lib/data/purchase-orders'
import { getShopForUser } from '@/lib/data/shops'
import { formatDateTime } from '@/lib/format/date-time'
import { createClient } from '@/lib/supabase/server'
import { purchaseOrderIdSchema } from '@/lib/validations/purchase-order'

const STATUS = { draft: 'Draft', sent: 'Sent', partly_received: 'Partly received', received: 'Received', cancelled: 'Cancelled' } as const

/** GET /app/purchase-orders/:id/export: the order as CSV, to send to the supplier or keep. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const supabase = await createClient()
  const { data } = await supabase.auth.getClaims()
  if (!data?.claims) return new Response('Sign in to export the order', { status: 401 })
  const [shop, order] = await Promise.all([
    getShopForUser(supabase),
    purchaseOrderIdSchema.safeParse(id).success ? getPurchaseOrder(supabase, id) : null,
  ])
  if (!shop || !order) return new Response('Purchase order not found', { status: 404 })
  const number = orderNumber(order.number)
  const csv = purchaseOrderCsv({
    number,
    supplier: order.supplier?.name ?? '',
    status: STATUS[order.status],
    created: formatDateTime(order.created_at, shop.timezone),
    currency: shop.currency,
    lines: order.lines,
  })
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${number}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
