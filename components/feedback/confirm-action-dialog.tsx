'use client'

import { useRef, useState, type ReactNode } from 'react'
import dynamic from 'next/dynamic'
import { Slot } from 'radix-ui'
import type { ConfirmDialogSpec } from './confirm-dialog-body'

const loadBody = () => import('./confirm-dialog-body')
// The dialog (Radix and its focus trap) is not part of the page's first JavaScript: it loads
// when the pointer, a finger or the keyboard reaches the button, and opens on the press.
const ConfirmDialogBody = dynamic(() => loadBody().then((module) => module.ConfirmDialogBody), { ssr: false })

interface ConfirmActionDialogProps extends Omit<ConfirmDialogSpec, 'cancelLabel'> {
  /** the button that opens the dialog */
  trigger: ReactNode
  cancelLabel?: string
}

/** A destructive action that asks first: the dialog closes once the server has done it; a refusal is a toast. */
export function ConfirmActionDialog({ trigger, cancelLabel = 'Cancel', ...body }: ConfirmActionDialogProps) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const triggerRef = useRef<HTMLElement>(null)
  const openDialog = () => {
    setWanted(true)
    setOpen(true)
  }

  return (
    <>
      <Slot.Root
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadBody()}
        onTouchStart={() => void loadBody()}
        onFocus={() => void loadBody()}
        onClick={openDialog}
      >
        {trigger}
      </Slot.Root>
      {wanted && <ConfirmDialogBody open={open} onOpenChange={setOpen} triggerRef={triggerRef} cancelLabel={cancelLabel} {...body} />}
    </>
  )
}
