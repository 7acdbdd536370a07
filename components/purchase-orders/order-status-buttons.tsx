'use client'

import { Send, X } from 'lucide-react'
import { toast } from 'sonner'
import { changePurchaseOrderStatus } from '@/lib/actions/purchase-order-actions'
import type { PurchaseOrderStatus } from '@/lib/data/purchase-orders'
import { ConfirmActionDialog } from '@/components/feedback/confirm-action-dialog'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

export function OrderStatusButtons({ id, label, status }: { id: string; label: string; status: PurchaseOrderStatus }) {
  const { pending, formProps } = useServerForm(changePurchaseOrderStatus, {
    errorTitle: 'Could not mark the order sent',
    onSuccess: () => toast.success('Order marked sent', { description: `${label} counts as on order now.` }),
  })
  return (
    <div className="flex flex-wrap gap-2">
      {status === 'draft' && (
        <form {...formProps}>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="status" value="sent" />
          <Button type="submit" disabled={pending}>
            <Send aria-hidden="true" />
            Mark sent
          </Button>
        </form>
      )}
      {['draft', 'sent', 'partly_received'].includes(status) && (
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
