import Link from 'next/link'
import { describeClash, type CodeClash } from '@/lib/products/code-clashes'

/** Products that share a SKU or barcode but for its capitals: the counter cannot tell them apart until one changes. */
export function CodeClashes({ clashes }: { clashes: CodeClash[] }) {
  if (clashes.length === 0) return null
  return (
    <section aria-labelledby="code-clashes-title" className="grid gap-2 rounded-lg border border-destructive/40 p-4 text-sm">
      <h2 id="code-clashes-title" className="font-semibold text-destructive">
        Codes to tell apart
      </h2>
      <p className="text-muted-foreground">
        Photo counts leave these codes out, since a label could be either product. Codes are the same whatever their capitals.
      </p>
      <ul className="grid gap-2">
        {clashes.map((clash) => (
          <li key={`${clash.field}:${clash.products[0]!.code.toLowerCase()}`} className="grid gap-1">
            <span>{describeClash(clash)}.</span>
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              {clash.products.map((product) => (
                <Link key={product.id} href={`/app/products/${product.id}/edit`} className="underline underline-offset-4">
                  Edit {product.name} ({product.code})
                </Link>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
