import Link from 'next/link'
import type { UnmatchedCode } from '@/lib/data/stocktake-review'

const RETAIL = new Set(['EAN13', 'EAN8', 'UPCA', 'UPCE', 'EAN-13', 'EAN-8', 'UPC-A', 'UPC-E'])

/** Retail codes become the new product's barcode; anything else (a Code 128 or QR label) its SKU. */
const addHref = (code: UnmatchedCode) =>
  `/app/products/new?${RETAIL.has(code.format ?? '') ? 'barcode' : 'sku'}=${encodeURIComponent(code.label)}`

/** Codes on the shelf that match no product: the owner can add them so the next count includes them. */
export function UnmatchedCodes({ codes }: { codes: UnmatchedCode[] }) {
  if (codes.length === 0) return null
  return (
    <section aria-labelledby="unmatched-title" className="grid gap-2 rounded-xl border p-4">
      <h2 id="unmatched-title" className="font-semibold">Codes that match no product</h2>
      <p className="text-sm text-muted-foreground">These were not counted. Add each as a product (or set it as a product’s barcode) to count it next time.</p>
      <ul className="grid gap-1 text-sm">
        {codes.map((code) => (
          <li key={`${code.side}-${code.format}-${code.label}`} className="flex flex-wrap items-center gap-x-3">
            <span className="font-mono">{code.label}</span>
            <span className="text-muted-foreground">
              {code.format ?? 'item'} · {code.count} on the {code.side === 'start' ? 'Start of Day' : 'End of Day'} photos
            </span>
            <Link className="underline underline-offset-4" href={addHref(code)}>
              Add product
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
