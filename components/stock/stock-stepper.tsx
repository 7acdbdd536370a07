'use client'

import { useEffect, useOptimistic, useTransition } from 'react'
import { Minus, Plus } from 'lucide-react'
import { toast } from 'sonner'
import { adjustStock } from '@/lib/actions/adjust-stock'
import { initialActionState } from '@/lib/actions/action-state'
import { isLowStock } from '@/lib/products/stock'
import { newRequestId } from '@/lib/request-id'
import { announceStockChanged } from '@/lib/stock-events'
import { cn } from '@/lib/utils'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'

interface StockStepperProps {
  productId: string
  name: string
  qty: number
  lowStockThreshold: number
}

/** Taps are sent one at a time: closing or reloading the page before the last one lands would drop it. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active])
}

/** Stock level with −1 (sold) and +1 (received) that show at once and roll back if the server says no. */
export function StockStepper({ productId, name, qty, lowStockThreshold }: StockStepperProps) {
  const [shownQty, addDelta] = useOptimistic(qty, (current, delta: number) => current + delta)
  const [saving, startTransition] = useTransition()
  useLeaveWarning(saving)
  const low = isLowStock({ qty: shownQty, low_stock_threshold: lowStockThreshold })

  function change(delta: 1 | -1) {
    const form = new FormData()
    form.set('product_id', productId)
    form.set('mode', delta > 0 ? 'add' : 'remove')
    form.set('amount', '1')
    form.set('reason', delta > 0 ? 'received' : 'sold')
    // A fresh id per tap: two taps are two changes, a retried request is one.
    form.set('request_id', newRequestId())
    startTransition(async () => {
      addDelta(delta)
      const state = await adjustStock(initialActionState, form)
      if (!state.ok) toast.error('Stock not changed', { description: state.message })
      else announceStockChanged()
    })
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-live="polite" className={cn('text-sm font-medium', low ? 'text-destructive' : 'text-success')}>
          Stock: {shownQty}
        </p>
        {low ? <Badge variant="destructive">Low Stock</Badge> : <Badge variant="success">In Stock</Badge>}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" size="icon" className="w-full" aria-label={`Remove one ${name}`} disabled={shownQty <= 0} onClick={() => change(-1)}>
          <Minus aria-hidden="true" />
        </Button>
        <Button variant="outline" size="icon" className="w-full" aria-label={`Add one ${name}`} onClick={() => change(1)}>
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}
