import { ProductsHeader } from '@/components/products/products-header'
import { ProductsLoading } from '@/components/products/products-loading'

export default function Loading() {
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-3 px-4 py-4">
      <ProductsHeader shopName={null} role={null} />
      <ProductsLoading />
    </main>
  )
}
