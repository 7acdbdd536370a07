'use client'

import { useRouter } from 'next/navigation'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { deleteSupplier } from '@/lib/actions/supplier-actions'
import { ConfirmActionDialog } from '@/components/feedback/confirm-action-dialog'
import { Button } from '@/components/ui/button'

export function DeleteSupplierButton({ id, name }: { id: string; name: string }) {
  const router = useRouter()
  return (
    <ConfirmActionDialog
      trigger={
        <Button variant="outline">
          <Trash2 aria-hidden="true" />
          Delete supplier
        </Button>
      }
      title={`Delete ${name}?`}
      description="The supplier and its links to your products will be removed."
      confirmLabel="Delete supplier"
      pendingLabel="Deleting..."
      action={deleteSupplier}
      fields={{ id }}
      errorTitle="Could not delete the supplier"
      onDone={() => {
        toast.success('Supplier deleted', { description: `${name} was removed.` })
        router.replace('/app/suppliers')
      }}
    />
  )
}
