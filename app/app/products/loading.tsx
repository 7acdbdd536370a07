import { ProductsLoading } from '@/components/products/products-loading'

export default function Loading() {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <ProductsLoading />
    </main>
  )
}
