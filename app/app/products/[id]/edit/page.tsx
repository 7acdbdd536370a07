import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { updateProduct } from '@/lib/actions/update-product'
import { requireShop } from '@/lib/auth/require-shop'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'
import { getCodeTwins } from '@/lib/data/products'
import { findCodeClashes } from '@/lib/products/code-clashes'
import { productIdSchema } from '@/lib/validations/product'
import { CodeClashes } from '@/components/products/code-clashes'
import { ProductForm } from '@/components/products/product-form'
import { loadProduct, memberProduct } from '../product'

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const product = await memberProduct((await params).id)
  return { title: product ? `Edit ${product.name}` : 'Edit product' }
}

export default async function EditProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const { shop, supabase } = await requireShop(`/app/products/${id}/edit`)
  if (!runsShop(shop.role)) return <RoleRequired page="Editing products" shop={shop} />
  const [product, twins] = productIdSchema.safeParse(id).success ? await Promise.all([loadProduct(id, true), getCodeTwins(supabase, id)]) : [null, []]
  if (!product) notFound()
  const clashes = findCodeClashes([product, ...twins]).filter((clash) => clash.products.some((p) => p.id === product.id))
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold">Edit {product.name}</h1>
      <CodeClashes clashes={clashes} />
      <ProductForm action={updateProduct} shopId={shop.id} currency={shop.currency} product={product} />
    </main>
  )
}
