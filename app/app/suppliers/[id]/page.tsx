import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { updateSupplier } from '@/lib/actions/supplier-actions'
import { requireShop } from '@/lib/auth/require-shop'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'
import { countSupplierOrders, getSupplier } from '@/lib/data/suppliers'
import { plural } from '@/lib/format/plural'
import { supplierIdSchema } from '@/lib/validations/supplier'
import { DeleteSupplierButton } from '@/components/suppliers/delete-supplier-button'
import { SupplierForm } from '@/components/suppliers/supplier-form'

export const metadata: Metadata = { title: 'Edit supplier' }

export default async function EditSupplierPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const { shop, supabase } = await requireShop(`/app/suppliers/${id}`)
  if (!runsShop(shop.role)) return <RoleRequired page="Suppliers" shop={shop} />
  const supplier = supplierIdSchema.safeParse(id).success ? await getSupplier(supabase, id) : null
  if (!supplier) notFound()
  const orders = await countSupplierOrders(supabase, supplier.id)
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold break-words">Edit {supplier.name}</h1>
      <SupplierForm action={updateSupplier} supplier={supplier} />
      {/* Out of the way of the form and of the toasts at the top: deleting asks first anyway. */}
      <section aria-label="Delete" className="flex justify-end border-t pt-4">
        {orders === 0 ? (
          <DeleteSupplierButton id={supplier.id} name={supplier.name} />
        ) : (
          // the database keeps a supplier its orders name: offering Delete only to refuse it read as a fault
          <p className="text-sm text-muted-foreground">{`${supplier.name} stays on file: ${plural(orders, 'purchase order')} ${orders === 1 ? 'names' : 'name'} it. Unlink it from your products to stop ordering from it.`}</p>
        )}
      </section>
    </main>
  )
}
