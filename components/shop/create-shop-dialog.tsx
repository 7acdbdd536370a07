'use client'

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { CreateShopForm } from './create-shop-form'

const block = (event: Event) => event.preventDefault()

/** Blocking: a signed-in user without a shop cannot dismiss it. `removed`: they were in a shop's team until now. */
export function CreateShopDialog({ removed = false }: { removed?: boolean }) {
  return (
    <Dialog open>
      <DialogContent showCloseButton={false} onEscapeKeyDown={block} onPointerDownOutside={block} onInteractOutside={block}>
        <DialogHeader>
          <DialogTitle>Create Your Shop</DialogTitle>
          <DialogDescription>Set up your shop to start tracking inventory.</DialogDescription>
        </DialogHeader>
        {removed && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            You are no longer a member of the shop you worked in: its owner removed you from the team, or closed the shop. Ask them to invite you
            again, or set up a shop of your own.
          </p>
        )}
        <CreateShopForm />
      </DialogContent>
    </Dialog>
  )
}
