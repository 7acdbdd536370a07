import type { Metadata } from 'next'
import { createProduct } from '@/lib/actions/create-product'
import { requireShop } from '@/lib/auth/require-shop'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'
import { ProductForm } from '@/components/products/product-form'

export const metadata: Metadata = { title: 'Add product' }

// A code seen on a shelf that matches no product (from a stocktake's review); the form validates it on save.
const code = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim().slice(0, 64) || undefined : undefined)

export default async function NewProductPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { shop } = await requireShop('/app/products/new')
  if (!runsShop(shop.role)) return <RoleRequired page="Adding products" shop={shop} />
  const params = await searchParams
  const codes = { sku: code(params.sku), barcode: code(params.barcode) }
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold">Add product</h1>
      <ProductForm action={createProduct} shopId={shop.id} currency={shop.currency} codes={codes} />
    </main>
  )
}
