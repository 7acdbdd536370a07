import Link from 'next/link'
import type { UnmatchedCode } from '@/lib/data/stocktake-review'

const RETAIL = new Set(['EAN13', 'EAN8', 'UPCA', 'UPCE', 'EAN-13', 'EAN-8', 'UPC-A', 'UPC-E'])

/** Retail codes become the new product's barcode; anything else (a Code 128 or QR label) its SKU. */
const addHref = (code: UnmatchedCode) =>
  `/app/products/new?${RETAIL.has(code.format ?? '') ? 'barcode' : 'sku'}=${encodeURIComponent(code.label)}`

const named = ({ name, sku, barcode }: UnmatchedCode['matches'][number]) => `${name} (${sku ?? barcode ?? 'no code'})`

/** What to do about a code: add it as a product, or tell apart the products it fits. */
function CodeAction({ code }: { code: UnmatchedCode }) {
  if (code.matches.length === 0) {
    return (
      <Link className="underline underline-offset-4" href={addHref(code)}>
        Add product<span className="sr-only"> with code {code.label}</span>
      </Link>
    )
  }
  // one left: the other product's code has changed since the count
  if (code.matches.length === 1) return <span>Now fits {named(code.matches[0]!)} alone: the next count includes it.</span>
  const products = code.matches.map(named)
  return (
    <span className="grid w-full gap-1">
      <span>
        Fits {products.slice(0, -1).join(', ')} and {products.at(-1)}: give one of them another code.
      </span>
      <span className="flex flex-wrap gap-x-4">
        {code.matches.map((product) => (
          <Link key={product.id} className="underline underline-offset-4" href={`/app/products/${product.id}/edit`}>
            Edit {product.name}
          </Link>
        ))}
      </span>
    </span>
  )
}

/** Codes on the shelf that were not counted: new to the catalogue, or fitting more than one product. */
export function UnmatchedCodes({ codes }: { codes: UnmatchedCode[] }) {
  if (codes.length === 0) return null
  return (
    <section aria-labelledby="unmatched-title" className="grid gap-2 rounded-xl border p-4">
      <h2 id="unmatched-title" className="font-semibold">Codes we could not match</h2>
      <p className="text-sm text-muted-foreground">
        These were not counted. Add a new code as a product (or set it as a product’s barcode); a code that fits two products needs one of them changed.
        Either way, the next count includes it.
      </p>
      <ul className="grid gap-2 text-sm">
        {codes.map((code) => (
          <li key={`${code.side}-${code.format}-${code.label}`} className="flex flex-wrap items-center gap-x-3">
            <span className="font-mono">{code.label}</span>
            <span className="text-muted-foreground">
              {code.format ?? 'item'} · {code.count} on the {code.side === 'start' ? 'Start of Day' : 'End of Day'} photos
            </span>
            <CodeAction code={code} />
          </li>
        ))}
      </ul>
    </section>
  )
}
