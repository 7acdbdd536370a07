import { Package } from 'lucide-react'
import type { ProductListItem } from '@/lib/data/products'
import { isLowStock } from '@/lib/products/stock'
import { cn } from '@/lib/utils'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent } from '@/components/ui/card'

export function ProductCard({ product }: { product: ProductListItem }) {
  const low = isLowStock(product)
  return (
    <Card className="gap-3 overflow-hidden pt-0">
      <div className="flex aspect-[4/3] items-center justify-center bg-muted">
        {product.image_url ? (
          // Plain <img>: images come from the shop's storage host, which next/image refuses
          // to optimise when it is a local address (Next 16), and lazy loading is all we need.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={product.image_url} alt={product.name} loading="lazy" className="size-full object-cover" />
        ) : (
          <Package aria-hidden="true" className="size-10 text-muted-foreground" />
        )}
      </div>
      <CardContent className="grid gap-1.5 px-4">
        <h2 className="line-clamp-2 font-semibold leading-snug">{product.name}</h2>
        <p className="text-sm text-muted-foreground">SKU: {product.sku ?? '—'}</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className={cn('text-sm font-medium', low ? 'text-destructive' : 'text-success')}>
            Stock: {product.qty}
          </p>
          {low ? <Badge variant="destructive">Low Stock</Badge> : <Badge variant="success">In Stock</Badge>}
        </div>
      </CardContent>
    </Card>
  )
}
