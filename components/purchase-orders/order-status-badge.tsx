import type { PurchaseOrderStatus } from '@/lib/data/purchase-orders'
import { Badge } from '@/components/ui/badge'

const LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partly_received: 'Partly received',
  received: 'Received',
  cancelled: 'Cancelled',
}

export function OrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const variant = status === 'received' ? 'success' : status === 'cancelled' ? 'outline' : status === 'draft' ? 'secondary' : 'default'
  return <Badge variant={variant}>{LABELS[status]}</Badge>
}
