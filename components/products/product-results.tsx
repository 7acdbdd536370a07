import { PackageOpen, SearchX } from 'lucide-react'
import { listProducts, type ProductPage } from '@/lib/data/products'
import { createClient } from '@/lib/supabase/server'
import { ErrorToast } from '@/components/feedback/error-toast'
import { AddProductButton } from './add-product-button'
import { ProductCard } from './product-card'
import { ProductPagination } from './product-pagination'

interface ProductResultsProps {
  shopId: string
  search: string
  page: number
}

export async function ProductResults({ shopId, search, page }: ProductResultsProps) {
  let result: ProductPage
  try {
    result = await listProducts(await createClient(), shopId, { search, page })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return (
      <div role="alert" className="rounded-lg border border-destructive/40 p-6 text-center">
        <p className="font-medium text-destructive">Error loading products</p>
        <p className="text-sm text-muted-foreground">{message}</p>
        <ErrorToast title="Error loading products" description={message} />
      </div>
    )
  }

  if (result.total === 0 && !search) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-16 text-center">
        <PackageOpen aria-hidden="true" className="size-12 text-muted-foreground" />
        <h2 className="text-xl font-semibold">No products yet</h2>
        <p className="text-muted-foreground">Add the products you sell to start tracking their stock.</p>
        <AddProductButton label="Add Your First Product" />
      </div>
    )
  }

  if (result.total === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="text-lg">No products match &quot;{search}&quot;</p>
      </div>
    )
  }

  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {result.total} {result.total === 1 ? 'product' : 'products'}
        {search ? ` matching "${search}"` : ''}
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {result.products.map((product) => (
          <li key={product.id} className="grid">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
      <ProductPagination search={search} page={result.page} pageCount={result.pageCount} />
    </div>
  )
}
