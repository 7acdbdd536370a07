import Link from 'next/link'
import { Package } from 'lucide-react'
import type { ProductListItem } from '@/lib/data/products'
import { Card, CardContent } from '@/components/ui/card'
import { StockStepper } from '@/components/stock/stock-stepper'
import { ProductCardActions } from './product-card-actions'

export function ProductCard({ product }: { product: ProductListItem }) {
  return (
    <Card className="gap-3 overflow-hidden pt-0">
      <div className="relative flex aspect-[4/3] items-center justify-center bg-muted">
        {product.image_url ? (
          // Plain <img>: images come from the shop's storage host, which next/image refuses
          // to optimise when it is a local address (Next 16), and lazy loading is all we need.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={product.image_url} alt={product.name} loading="lazy" className="size-full object-cover" />
        ) : (
          <Package aria-hidden="true" className="size-10 text-muted-foreground" />
        )}
        <ProductCardActions id={product.id} name={product.name} />
      </div>
      <CardContent className="grid gap-1.5 px-4">
        <h2 className="line-clamp-2 font-semibold leading-snug">
          {/* No prefetch: a page of 24 cards would fire dozens of server renders on every search. */}
          <Link href={`/app/products/${product.id}`} prefetch={false} className="hover:underline">
            {product.name}
          </Link>
        </h2>
        <p className="text-sm text-muted-foreground">SKU: {product.sku ?? '—'}</p>
        <StockStepper productId={product.id} name={product.name} qty={product.qty} lowStockThreshold={product.low_stock_threshold} />
      </CardContent>
    </Card>
  )
}
