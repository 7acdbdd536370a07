import type { Metadata } from 'next'
import { Suspense } from 'react'
import { redirect } from 'next/navigation'
import { AddProductButton } from '@/components/products/add-product-button'
import { CatalogueFileLinks } from '@/components/products/catalogue-file-links'
import { ProductResults } from '@/components/products/product-results'
import { ProductSearch } from '@/components/products/product-search'
import { ProductsLoading } from '@/components/products/products-loading'
import { getCurrentUser } from '@/lib/auth/current-user'
import { findShopForUser } from '@/lib/data/shops'
import { createClient } from '@/lib/supabase/server'

export const metadata: Metadata = { title: 'Products' }

const MAX_PAGE = 100_000

type SearchParams = Promise<{ q?: string | string[]; page?: string | string[] }>

function first(value: string | string[] | undefined) {
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

export default async function ProductsPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await getCurrentUser()
  if (!user) redirect('/auth?next=/app/products')
  const shop = await findShopForUser(await createClient(), user.id)
  if (!shop) redirect('/')

  const params = await searchParams
  const search = first(params.q).trim().slice(0, 100)
  // Capped so the offset stays a sane integer; a page past the end falls back to page 1.
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(first(params.page), 10) || 1))

  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Products</h1>
          <p className="text-muted-foreground">{shop.name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CatalogueFileLinks />
          <AddProductButton />
        </div>
      </div>
      <ProductSearch initialQuery={search} />
      {/* Keyed by page only: a new search is a transition that keeps the current
          cards (the search box shows a spinner) instead of remounting the boundary,
          whose fallback React would keep on screen for at least 300 ms. */}
      <Suspense key={page} fallback={<ProductsLoading />}>
        <ProductResults shopId={shop.id} search={search} page={page} />
      </Suspense>
    </main>
  )
}
