import type { Metadata } from 'next'
import { BackLink } from '@/components/layout/back-link'
import { requireShop } from '@/lib/auth/require-shop'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'
import { ImportProductsForm } from '@/components/products/import-products-form'

export const metadata: Metadata = { title: 'Import products' }

export default async function ImportProductsPage() {
  const { shop } = await requireShop('/app/products/import')
  if (!runsShop(shop.role)) return <RoleRequired page="Importing products" shop={shop} />
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6">
      <BackLink href="/app/products">All products</BackLink>
      <div>
        <h1 className="text-2xl font-bold">Import products</h1>
        <p className="text-muted-foreground">Nothing changes until you check the preview and press Import.</p>
      </div>
      <ImportProductsForm />
    </main>
  )
}
