import type { Metadata } from 'next'
import { createSupplier } from '@/lib/actions/supplier-actions'
import { safeNextPath } from '@/lib/auth/next-path'
import { requireShop } from '@/lib/auth/require-shop'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'
import { SupplierForm } from '@/components/suppliers/supplier-form'

export const metadata: Metadata = { title: 'Add supplier' }

/** ?next= brings the owner back where they came from (a product's page, to link the new supplier there). */
export default async function NewSupplierPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams
  const returnTo = safeNextPath(typeof next === 'string' ? next : null, '/app/suppliers')
  const { shop } = await requireShop(returnTo === '/app/suppliers' ? '/app/suppliers/new' : `/app/suppliers/new?next=${encodeURIComponent(returnTo)}`)
  if (!runsShop(shop.role)) return <RoleRequired page="Suppliers" shop={shop} />
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold">Add supplier</h1>
      <SupplierForm action={createSupplier} returnTo={returnTo} />
    </main>
  )
}
