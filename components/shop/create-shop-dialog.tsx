'use client'

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { CreateShopForm } from './create-shop-form'

const block = (event: Event) => event.preventDefault()

/** Blocking: a signed-in user without a shop cannot dismiss it. */
export function CreateShopDialog() {
  return (
    <Dialog open>
      <DialogContent showCloseButton={false} onEscapeKeyDown={block} onPointerDownOutside={block} onInteractOutside={block}>
        <DialogHeader>
          <DialogTitle>Create Your Shop</DialogTitle>
          <DialogDescription>Set up your shop to start tracking inventory.</DialogDescription>
        </DialogHeader>
        <CreateShopForm />
      </DialogContent>
    </Dialog>
  )
}
