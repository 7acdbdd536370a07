import type { Metadata } from 'next'
import Link from 'next/link'
import { ArrowLeft } from 'lucide-react'
import { requireShop } from '@/lib/auth/require-shop'
import { ImportProductsForm } from '@/components/products/import-products-form'

export const metadata: Metadata = { title: 'Import products' }

export default async function ImportProductsPage() {
  await requireShop('/app/products/import')
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6">
      <Link href="/app/products" className="inline-flex min-h-11 items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> All products
      </Link>
      <div>
        <h1 className="text-2xl font-bold">Import products</h1>
        <p className="text-muted-foreground">Nothing changes until you check the preview and press Import.</p>
      </div>
      <ImportProductsForm />
    </main>
  )
}
