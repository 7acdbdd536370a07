'use client'

import { useEffect } from 'react'
import { StockButtons, StockLevel } from './stock-controls'
import { useStockTaps } from './use-stock-taps'

interface StockStepperProps {
  productId: string
  name: string
  qty: number
  lowStockThreshold: number
  /** units on open purchase orders */
  onOrder?: number
}

/** The stock of one product with "Sold 1" and +1, for its own page. */
export function StockStepper({ productId, name, qty, lowStockThreshold, onOrder = 0 }: StockStepperProps) {
  const taps = useStockTaps()
  const { reset } = taps
  // The page was rendered again (a change from the form below): its number is the newest.
  useEffect(() => reset(), [qty, reset])
  const product = { id: productId, name, qty, low_stock_threshold: lowStockThreshold, on_order: onOrder }
  return (
    <div className="grid gap-2">
      <StockLevel product={product} taps={taps} />
      <StockButtons product={product} taps={taps} />
    </div>
  )
}
