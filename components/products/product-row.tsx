import Link from 'next/link'
import type { CatalogueRow } from '@/lib/products/catalogue'
import { StockButtons, StockLevel } from '@/components/stock/stock-controls'
import type { StockTapsHandle } from '@/components/stock/use-stock-taps'

/** One product on the counter list: photo, name, SKU, stock with its badge, and the quick stock buttons. */
export function ProductRow({ product, taps }: { product: CatalogueRow; taps: StockTapsHandle }) {
  return (
    <li className="flex items-center gap-3 py-2">
      <div className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted">
        {product.image_url ? (
          // Plain <img>: images come from the shop's storage host, which next/image refuses
          // to optimise when it is a local address (Next 16).
          // eslint-disable-next-line @next/next/no-img-element
          <img src={product.image_url} alt={product.name} loading="lazy" className="size-full object-cover" />
        ) : (
          // the name's first letter: one element where an icon is six, on every row of the list
          <span aria-hidden="true" className="text-base font-semibold text-muted-foreground">
            {Array.from(product.name)[0]?.toUpperCase()}
          </span>
        )}
      </div>
      <div className="grid min-w-0 flex-1">
        <h2 className="truncate text-sm font-semibold">
          {/* No prefetch: dozens of rows would fire dozens of server renders. */}
          <Link href={`/app/products/${product.id}`} prefetch={false} className="hover:underline">
            {product.name}
          </Link>
        </h2>
        <p className="truncate text-xs text-muted-foreground">{`SKU: ${product.sku ?? '—'}`}</p>
        <StockLevel product={product} taps={taps} />
      </div>
      <StockButtons product={product} taps={taps} />
    </li>
  )
}
