'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { discardStocktake } from '@/lib/actions/discard-stocktake'
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

/** Throws the open stocktake away, photos and all, after asking. Stock is not touched. */
export function DiscardStocktakeButton({ sessionId, disabled = false }: { sessionId: string; disabled?: boolean }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const { pending, formProps } = useServerForm(discardStocktake, {
    errorTitle: 'Stocktake not discarded',
    onSuccess: ({ message }) => {
      setOpen(false)
      toast.success('Stocktake discarded', { description: message })
      router.push('/upload')
      router.refresh()
    },
  })

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <Trash2 aria-hidden="true" />
          Discard stocktake
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Discard this stocktake?</DialogTitle>
          <DialogDescription>Its photos and counts are deleted. Stock is not changed. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <form {...formProps}>
          <input type="hidden" name="session_id" value={sessionId} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep it
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? 'Discarding...' : 'Discard stocktake'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
