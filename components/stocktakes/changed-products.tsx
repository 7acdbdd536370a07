'use client'

import { useEffect, useRef } from 'react'
import { TriangleAlert } from 'lucide-react'
import type { LineChange } from '@/lib/stocktakes/line-figures'
import { reviewCardId } from './review-card'

/**
 * Confirming was refused because the ledger moved (a sale at the till): the products whose numbers
 * changed, at the top of the review, each with what changed and a link to its card. Focus comes here.
 */
export function ChangedProducts({ changes }: { changes: readonly LineChange[] }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (changes.length > 0) heading.current?.focus()
  }, [changes])
  if (changes.length === 0) return null
  return (
    <section aria-labelledby="changed-title" className="grid gap-2 rounded-xl border border-amber-500 bg-amber-50 p-4">
      <h2 id="changed-title" ref={heading} tabIndex={-1} className="flex scroll-mt-20 items-center gap-2 text-lg font-semibold outline-none">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
        Changed since you opened the review
      </h2>
      <p className="text-sm">Stock was recorded meanwhile, so nothing was booked. Check these products, then confirm again.</p>
      <ul aria-label="Changed products" className="grid gap-1 text-sm">
        {changes.map(({ productId, name, changes: figures }) => (
          <li key={productId}>
            <a href={`#${reviewCardId(productId)}`} className="font-medium underline underline-offset-4">
              {name}
            </a>
            {': '}
            {figures.length === 0 ? 'new in this review' : figures.map(({ term, before, after }) => `${term.replace(/^Booked: /, 'booked ')} ${before} → ${after}`).join('; ')}
          </li>
        ))}
      </ul>
    </section>
  )
}
