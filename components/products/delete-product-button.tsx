'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { deleteProduct } from '@/lib/actions/delete-product'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'

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
  const [open, setOpen] = useState(false)
  const { pending, formProps } = useServerForm(deleteProduct, {
    errorTitle: 'Could not delete the product',
    onSuccess: () => {
      setOpen(false)
      toast.success('Product deleted', { description: `${name} was removed from your catalogue.` })
      if (redirectTo) router.replace(redirectTo)
    },
  })

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {compact ? (
          <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} className="bg-background/80 backdrop-blur-sm">
            <Trash2 aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline">
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {name}?</DialogTitle>
          <DialogDescription>The product and its stock history will be removed. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <form {...formProps}>
          <input type="hidden" name="id" value={id} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? 'Deleting...' : 'Delete product'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
