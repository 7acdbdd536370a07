'use client'

import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { LABELS_PER_SHEET, plural } from '@/lib/labels/label-sheet'
import { PrintButton } from './print-button'

export interface PickableProduct {
  id: string
  name: string
  sku: string
  qty: number
  copies: number
}

/**
 * Which products print: every one at first. The sheet (children) is drawn on the
 * server with every label; the labels of products left out are hidden, on screen and on paper.
 */
export function LabelPicker({ products, children }: { products: PickableProduct[]; children: ReactNode }) {
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set())
  const picked = products.filter((product) => !left.has(product.id))
  const labelCount = picked.reduce((sum, product) => sum + product.copies, 0)
  const toggle = (id: string, on: boolean) => {
    const next = new Set(left)
    if (on) next.delete(id)
    else next.add(id)
    setLeft(next)
  }
  const hidden = [...left].map((id) => `[data-label-product="${id}"]`).join(',')

  return (
    <>
      {hidden && <style>{`${hidden} { display: none !important; }`}</style>}
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <p role="status" className="text-sm">
          {labelCount > 0
            ? `${plural(labelCount, 'label', 'labels')} for ${plural(picked.length, 'product', 'products')}, ${plural(Math.ceil(labelCount / LABELS_PER_SHEET), 'A4 sheet', 'A4 sheets')} of ${LABELS_PER_SHEET}.`
            : 'No products picked: nothing to print.'}
        </p>
        {labelCount > 0 && <PrintButton />}
      </div>
      <fieldset className="grid gap-2 rounded-xl border p-4 print:hidden">
        <legend className="px-1 font-semibold">Products to print</legend>
        <div className="flex gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setLeft(new Set())}>
            Select all
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setLeft(new Set(products.map((p) => p.id)))}>
            Select none
          </Button>
        </div>
        <ul className="grid gap-1 sm:grid-cols-2">
          {products.map((product) => (
            <li key={product.id}>
              <label className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={!left.has(product.id)}
                  onChange={(event) => toggle(product.id, event.target.checked)}
                />
                <span className="min-w-0 flex-1 truncate">{product.name}</span>
                <span className="shrink-0 text-muted-foreground">
                  {plural(product.copies, 'copy', 'copies')}
                  {product.qty <= 0 ? ' (none in stock)' : ''}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {children}
    </>
  )
}
