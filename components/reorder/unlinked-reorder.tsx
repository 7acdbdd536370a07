'use client'

import Link from 'next/link'
import { plural } from '@/lib/format/plural'

export interface UnlinkedLine {
  productId: string
  name: string
  qty: number
  orderQty: number
  reason: string
}

/**
 * Products due for an order that have no supplier to order from: not part of the
 * order form, each a link to its page's suppliers. A shop without suppliers yet can
 * have most of its catalogue here, so the lines are plain, and come as data: as a
 * server component every line's Link would be a client reference of its own in the
 * page's payload. The page sends the first few unless asked for all of them (`total`
 * counts them all).
 */
export function UnlinkedReorder({ lines, total }: { lines: UnlinkedLine[]; total: number }) {
  return (
    <section aria-label="No supplier linked" className="grid gap-2 rounded-xl border p-4">
      <h2 className="font-semibold">No supplier linked</h2>
      <p className="text-sm text-muted-foreground">Link a supplier on a product&apos;s page to order it here.</p>
      <ul className="divide-y">
        {lines.map((line) => (
          <li key={line.productId} className="grid gap-0.5 py-2">
            <Link href={`/app/products/${line.productId}#suppliers-heading`} prefetch={false} className="font-medium underline underline-offset-4">
              {`${line.name}: order ${plural(line.orderQty, 'unit')}`}
            </Link>
            <p className="text-sm text-muted-foreground">
              {`In stock ${line.qty}. It ${line.reason}.`}
            </p>
          </li>
        ))}
      </ul>
      {total > lines.length && (
        <Link href="/app/reorder?unlinked=all" scroll={false} className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline underline-offset-4">
          {`Show all ${plural(total, 'product')}`}
        </Link>
      )}
    </section>
  )
}
