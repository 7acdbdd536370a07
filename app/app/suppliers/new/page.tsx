import type { Metadata } from 'next'
import { createSupplier } from '@/lib/actions/supplier-actions'
import { requireShop } from '@/lib/auth/require-shop'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'
import { SupplierForm } from '@/components/suppliers/supplier-form'

export const metadata: Metadata = { title: 'Add supplier' }

export default async function NewSupplierPage() {
  const { shop } = await requireShop('/app/suppliers/new')
  if (!runsShop(shop.role)) return <RoleRequired page="Suppliers" shop={shop} />
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold">Add supplier</h1>
      <SupplierForm action={createSupplier} />
    </main>
  )
}
