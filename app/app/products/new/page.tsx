import type { Metadata } from 'next'
import { createProduct } from '@/lib/actions/create-product'
import { requireShop } from '@/lib/auth/require-shop'
import { ProductForm } from '@/components/products/product-form'

export const metadata: Metadata = { title: 'Add product' }

export default async function NewProductPage() {
  const { shop } = await requireShop('/app/products/new')
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold">Add product</h1>
      <ProductForm action={createProduct} shopId={shop.id} currency={shop.currency} />
    </main>
  )
}
