'use client'

import Link from 'next/link'
import { TriangleAlert } from 'lucide-react'
import type { Conflict } from '@/lib/offline/device-db'
import { describeChange } from '@/components/stock/counter-outbox'
import { Button } from '@/components/ui/button'

/** Changes the server refused when they were synced: each stays until the owner has seen it and decided. */
export function ConflictList({ conflicts, onDismiss }: { conflicts: readonly Conflict[]; onDismiss: (requestId: string) => void }) {
  return (
    <section aria-labelledby="conflicts-title" className="grid gap-2 rounded-lg border border-destructive/40 px-3 py-2 text-sm">
      <h2 id="conflicts-title" className="flex items-center gap-2 font-semibold text-destructive">
        <TriangleAlert aria-hidden="true" className="size-4" />
        {conflicts.length === 1 ? 'A change could not be booked' : `${conflicts.length} changes could not be booked`}
      </h2>
      <ul className="grid gap-2">
        {conflicts.map(({ requestId, entry, message, qty }) => (
          <li key={requestId} aria-label={describeChange(entry)} className="flex flex-wrap items-center justify-between gap-2">
            <div className="grid">
              <p className="font-medium">{describeChange(entry)} was not booked</p>
              <p className="text-muted-foreground">
                {message}
                {qty !== undefined && `. The stock stays at ${qty}: count the shelf if it is wrong.`}
              </p>
            </div>
            <div className="flex gap-2">
              {qty !== undefined && (
                <Button asChild variant="outline" size="sm">
                  <Link href={`/app/products/${entry.productId}`} prefetch={false}>
                    Check stock
                  </Link>
                </Button>
              )}
              <Button variant="outline" size="sm" onClick={() => onDismiss(requestId)}>
                Dismiss
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
