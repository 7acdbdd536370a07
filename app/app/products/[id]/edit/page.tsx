import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { updateProduct } from '@/lib/actions/update-product'
import { requireShop } from '@/lib/auth/require-shop'
import { getProduct } from '@/lib/data/products'
import { productIdSchema } from '@/lib/validations/product'
import { ProductForm } from '@/components/products/product-form'

export const metadata: Metadata = { title: 'Edit product' }

export default async function EditProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const { shop, supabase } = await requireShop(`/app/products/${id}/edit`)
  const product = productIdSchema.safeParse(id).success ? await getProduct(supabase, id) : null
  if (!product) notFound()
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold">Edit {product.name}</h1>
      <ProductForm action={updateProduct} shopId={shop.id} currency={shop.currency} product={product} />
    </main>
  )
}
