'use client'

import { useState, type ReactNode } from 'react'
import type { ActionState } from '@/lib/actions/action-state'
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

interface ConfirmActionDialogProps {
  /** the button that opens the dialog */
  trigger: ReactNode
  title: string
  description: string
  confirmLabel: string
  pendingLabel: string
  cancelLabel?: string
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>
  /** sent with the action as hidden fields */
  fields: Record<string, string>
  errorTitle: string
  onDone: (state: ActionState) => void
}

/** A destructive action that asks first: the dialog closes once the server has done it; a refusal is a toast. */
export function ConfirmActionDialog({ trigger, title, description, confirmLabel, pendingLabel, cancelLabel = 'Cancel', action, fields, errorTitle, onDone }: ConfirmActionDialogProps) {
  const [open, setOpen] = useState(false)
  const { pending, formProps } = useServerForm(action, {
    errorTitle,
    onSuccess: (state) => {
      setOpen(false)
      onDone(state)
    },
  })

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form {...formProps}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {cancelLabel}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
