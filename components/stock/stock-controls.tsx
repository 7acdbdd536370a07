'use client'

import { Plus } from 'lucide-react'
import { stockState } from '@/lib/products/catalogue'
import { shownQty } from '@/lib/products/stock-taps'
import { cn } from '@/lib/utils'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { StockTapsHandle } from './use-stock-taps'

interface StockControlsProps {
  /** on_order: units on open purchase orders, said beside the stock when there are any */
  product: { id: string; name: string; qty: number; low_stock_threshold: number; on_order?: number }
  taps: StockTapsHandle
}

/**
 * A change not booked yet: on its way with no answer ("Saving…"), or kept on the phone ("2 taken
 * off, not synced yet"). The stock beside it already counts it: "4 −1 waiting" read as 4 − 1.
 */
function ChangeState({ productId, taps }: { productId: string; taps: StockTapsHandle }) {
  const { saving, holding, pending } = taps.snapshot
  const change = pending.get(productId) ?? 0
  const text = saving.has(productId) ? 'Saving…' : holding && change !== 0 ? `${Math.abs(change)} ${change < 0 ? 'taken off' : 'added'}, not synced yet` : null
  // the space: a screen reader read "Stock: 8Saving…"
  return text && <span className="ml-1 text-xs font-normal text-muted-foreground">{` · ${text}`}</span>
}

export function StockLevel({ product, taps }: StockControlsProps) {
  const qty = shownQty(taps.snapshot, product.id, product.qty)
  const state = stockState({ qty, low_stock_threshold: product.low_stock_threshold })
  return (
    <div className="flex min-w-0 items-center gap-2">
      <p aria-live="polite" className={`text-sm font-medium whitespace-nowrap ${state === 'ok' ? 'text-success' : 'text-destructive'}`}>
        {`Stock: ${qty}`}
        <ChangeState productId={product.id} taps={taps} />
      </p>
      {state === 'out' && <Badge variant="destructive">Out of Stock</Badge>}
      {state === 'low' && <Badge variant="destructive">Low Stock</Badge>}
      {product.on_order ? ( <span className="truncate text-xs text-muted-foreground">{product.on_order} on order</span>) : null}
    </div>
  )
}

/** "Sold 1" and +1: the number changes on the tap; taps close together are booked as one change. */
export function StockButtons({ product, taps, className }: StockControlsProps & { className?: string }) {
  const qty = shownQty(taps.snapshot, product.id, product.qty)
  return (
    <div className={cn('flex shrink-0 gap-1', className)}>
      <Button variant="outline" className="px-3" disabled={qty <= 0} onClick={() => taps.tap(product.id, product.name, 'sold')}>
        Sold 1<span className="sr-only">{` ${product.name}`}</span>
      </Button>
      <Button variant="outline" size="icon" aria-label={`Add one ${product.name}`} onClick={() => taps.tap(product.id, product.name, 'received')}>
        <Plus aria-hidden="true" />
      </Button>
    </div>
  )
}
