'use client'

import { useRouter } from 'next/navigation'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { deleteProduct } from '@/lib/actions/delete-product'
import { ConfirmActionDialog } from '@/components/feedback/confirm-action-dialog'
import { Button } from '@/components/ui/button'

interface DeleteProductButtonProps {
  id: string
  name: string
  /** an icon-only trigger, for the product card */
  compact?: boolean
  /** where to go once deleted; stays on the page when absent */
  redirectTo?: string
}

export function DeleteProductButton({ id, name, compact = false, redirectTo }: DeleteProductButtonProps) {
  const router = useRouter()
  return (
    <ConfirmActionDialog
      trigger={
        compact ? (
          <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} className="bg-background/80 backdrop-blur-sm">
            <Trash2 aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline">
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        )
      }
      title={`Delete ${name}?`}
      description="The product and its stock history will be removed: reports, even of past days, and purchase orders will no longer count it. This cannot be undone."
      confirmLabel="Delete product"
      pendingLabel="Deleting..."
      action={deleteProduct}
      fields={{ id }}
      errorTitle="Could not delete the product"
      onDone={() => {
        toast.success('Product deleted', { description: `${name} was removed from your catalogue.` })
        if (redirectTo) router.replace(redirectTo)
      }}
    />
  )
}
