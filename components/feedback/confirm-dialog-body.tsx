'use client'

import type { RefObject } from 'react'
import type { ActionState } from '@/lib/actions/action-state'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'

/** What the dialog asks, and the server action it runs once confirmed. */
export interface ConfirmDialogSpec {
  title: string
  description: string
  confirmLabel: string
  pendingLabel: string
  cancelLabel: string
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>
  /** sent with the action as hidden fields */
  fields: Record<string, string>
  errorTitle: string
  onDone: (state: ActionState) => void
}

interface ConfirmDialogBodyProps extends ConfirmDialogSpec {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** where focus goes back when the dialog closes (it has no Radix trigger of its own) */
  triggerRef: RefObject<HTMLElement | null>
}

/** The dialog of ConfirmActionDialog, in a chunk of its own: loaded when the owner reaches for the button. */
export function ConfirmDialogBody({ open, onOpenChange, triggerRef, title, description, confirmLabel, pendingLabel, cancelLabel, action, fields, errorTitle, onDone }: ConfirmDialogBodyProps) {
  const { pending, formProps } = useServerForm(action, {
    errorTitle,
    onSuccess: (state) => {
      onOpenChange(false)
      onDone(state)
    },
  })

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          triggerRef.current?.focus()
        }}
      >
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
