import type { Metadata } from 'next'
import Link from 'next/link'
import { Plus } from 'lucide-react'
import { requireShop } from '@/lib/auth/require-shop'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'
import { listSuppliers } from '@/lib/data/suppliers'
import { SupplierList } from '@/components/suppliers/supplier-list'
import { Button } from '@/components/ui/button'

export const metadata: Metadata = { title: 'Suppliers' }

export default async function SuppliersPage() {
  const { shop, supabase } = await requireShop('/app/suppliers')
  if (!runsShop(shop.role)) return <RoleRequired page="Suppliers" shop={shop} />
  const suppliers = await listSuppliers(supabase, shop.id)
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">Suppliers</h1>
          <p className="truncate text-sm text-muted-foreground">{shop.name}</p>
        </div>
        <Button asChild>
          <Link href="/app/suppliers/new" prefetch={false}>
            <Plus aria-hidden="true" />
            Add supplier
          </Link>
        </Button>
      </div>
      <SupplierList suppliers={suppliers} />
    </main>
  )
}
