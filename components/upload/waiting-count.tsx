'use client'

import { plural } from '@/lib/format/plural'
import { useProductOf, type CodedProduct } from '@/components/scan/product-names'
import { CountList } from './count-list'
import type { PendingPhoto } from './use-side-upload'

/** The phone's own count of photos not uploaded yet, by product, as the server will match their codes. */
function tally(pending: PendingPhoto[], productOf: ReturnType<typeof useProductOf>) {
  const products = new Map<string, { productId: string; name: string; count: number }>()
  let unknown = 0
  for (const item of pending) {
    for (const code of item.codes ?? []) {
      const product = productOf(code)
      if (!product) {
        unknown++
        continue
      }
      const entry = products.get(product.id) ?? { productId: product.id, name: product.name, count: 0 }
      entry.count++
      products.set(product.id, entry)
    }
  }
  return { products: [...products.values()].sort((a, b) => a.name.localeCompare(b.name)), unknown }
}

/**
 * What this phone counted in the side's photos still waiting to upload: the
 * morning count is on screen offline. The stored photos' count is the side's
 * summary; these join it once they are up.
 */
export function WaitingCount({ label, pending, catalogue }: { label: string; pending: PendingPhoto[]; catalogue: readonly CodedProduct[] }) {
  const productOf = useProductOf(catalogue)
  const counted = pending.filter((item) => item.waiting && item.codes !== null)
  if (counted.length === 0) return null
  const { products, unknown } = tally(counted, productOf)
  const units = products.reduce((sum, item) => sum + item.count, 0)
  const name = `${label} on this phone`
  return (
    <div className="grid gap-1 rounded-lg border border-dashed px-3 py-2 text-sm">
      <p className="font-medium">
        {name}: {plural(units, 'unit')} of {plural(products.length, 'product')}
      </p>
      {products.length > 0 && <CountList label={name} items={products} />}
      {unknown > 0 && <p className="text-muted-foreground">{plural(unknown, 'code')} not in your catalogue</p>}
      <p className="text-muted-foreground">From {plural(counted.length, 'photo')} waiting to upload. Stock changes only after you review and confirm.</p>
    </div>
  )
}
