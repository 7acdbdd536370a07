import Link from 'next/link'
import type { TallyLine } from './use-live-count'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** "N labels · M products": an unknown code is a product the catalogue does not have yet. */
export const tallyWords = (labels: number, products: number) => `${plural(labels, 'label', 'labels')} · ${plural(products, 'product', 'products')}`

/** The running tally, a line a product; a code the catalogue does not have offers to add it. */
export function ScanTally({ lines }: { lines: readonly TallyLine[] }) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">Point the camera at the shelf labels and move slowly along the shelf.</p>
  return (
    <ul aria-label="Tally" className="divide-y rounded-xl border">
      {lines.map((line) => (
        <li key={line.key} className="flex items-center justify-between gap-3 px-3 py-2">
          <div className="min-w-0">
            <p className="truncate font-medium">{line.product?.name ?? `Unknown code ${line.text}`}</p>
            {!line.product && (
              <Link href={`/app/products/new?barcode=${encodeURIComponent(line.text)}`} prefetch={false} className="text-sm text-primary underline">
                Add a product with this barcode
              </Link>
            )}
          </div>
          <span aria-label={`${line.count} of ${line.product?.name ?? line.text}`} className="text-lg font-semibold tabular-nums">
            {line.count}
          </span>
        </li>
      ))}
    </ul>
  )
}
