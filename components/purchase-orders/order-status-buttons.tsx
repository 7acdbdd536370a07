'use client'

import { Send, X } from 'lucide-react'
import { toast } from 'sonner'
import { changePurchaseOrderStatus } from '@/lib/actions/purchase-order-actions'
import type { PurchaseOrderStatus } from '@/lib/data/purchase-orders'
import { OPEN_STATUSES } from '@/lib/purchase-orders/order-views'
import { ConfirmActionDialog } from '@/components/feedback/confirm-action-dialog'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

/**
 * A draft's "Mark sent": it sends the order as saved, so while the lines hold changes not saved yet
 * it waits for them (it sent the saved packs and dropped what the owner had just typed).
 */
export const MARK_SENT_HINT = 'mark-sent-hint'

export function MarkSentButton({ id, label, unsaved }: { id: string; label: string; unsaved: boolean }) {
  const { pending, formProps } = useServerForm(changePurchaseOrderStatus, {
    errorTitle: 'Could not mark the order sent',
    onSuccess: () => toast.success('Order marked sent', { description: `${label} is sent: receive its stock here when it arrives.` }),
  })
  return (
    <form {...formProps} className="grid justify-items-end gap-1">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="status" value="sent" />
      <Button type="submit" disabled={pending || unsaved} aria-describedby={MARK_SENT_HINT}>
        <Send aria-hidden="true" />
        Mark sent
      </Button>
      <p id={MARK_SENT_HINT} aria-live="polite" className="text-sm text-muted-foreground">
        {unsaved ? 'Save your changes first: the order is sent as saved.' : ''}
      </p>
    </form>
  )
}

/** Cancelling an order not yet received in full (a draft's Mark sent is beside its lines). */
export function OrderStatusButtons({ id, label, status }: { id: string; label: string; status: PurchaseOrderStatus }) {
  return (
    <div className="flex flex-wrap gap-2">
      {OPEN_STATUSES.includes(status) && (
        <ConfirmActionDialog
          trigger={
            <Button variant="outline">
              <X aria-hidden="true" />
              Cancel order
            </Button>
          }
          title={`Cancel ${label}?`}
          description="Nothing more can be received on it. Stock already received stays."
          confirmLabel="Cancel order"
          cancelLabel="Keep order"
          pendingLabel="Cancelling..."
          action={changePurchaseOrderStatus}
          fields={{ id, status: 'cancelled' }}
          errorTitle="Could not cancel the order"
          onDone={() => toast.success('Order cancelled', { description: `${label} is cancelled.` })}
        />
      )}
    </div>
  )
}
