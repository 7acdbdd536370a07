import type { DeliveryRecord } from '@/lib/data/delivery-settings'
import { formatDateTime } from '@/lib/format/date-time'
import { Badge } from '@/components/ui/badge'

const KINDS = { daily_report: 'Daily report', low_stock_digest: 'Low-stock digest', test_report: 'Test report' } as const
const STATUSES = { pending: 'Pending', sending: 'Sending', sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed', skipped: 'Skipped' } as const
const tone = (status: DeliveryRecord['status']) =>
  status === 'failed' ? 'destructive' : status === 'sent' || status === 'delivered' || status === 'read' ? 'success' : 'outline'

/** Each send with its time, what it was, channel, recipient, status and error: cards, so that phones never scroll sideways. */
export function DeliveryHistory({ deliveries, timeZone }: { deliveries: DeliveryRecord[]; timeZone: string }) {
  if (deliveries.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing sent yet. Scheduled reports and test reports will show here.</p>
  }
  return (
    <ol className="grid gap-2" aria-label="Delivery history">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="grid gap-1 rounded-lg border p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{`${KINDS[delivery.kind]} of ${delivery.local_date}`}</span>
            <Badge variant={tone(delivery.status)}>{STATUSES[delivery.status]}</Badge>
          </div>
          <span className="break-all text-muted-foreground">
            {`${delivery.channel === 'email' ? 'Email' : 'WhatsApp'} to ${delivery.recipient} · ${formatDateTime(delivery.updated_at, timeZone)}`}
            {delivery.attempts > 1 ? ` · ${delivery.attempts} attempts` : ''}
          </span>
          {delivery.last_error && delivery.status !== 'sent' && <span className={delivery.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>{delivery.last_error}</span>}
        </li>
      ))}
    </ol>
  )
}
