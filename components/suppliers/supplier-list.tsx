import Link from 'next/link'
import { ChevronRight, Mail, Phone, Truck } from 'lucide-react'
import type { SupplierSummary } from '@/lib/data/suppliers'
import { deliveryWhen } from '@/lib/format/lead-time'
import { plural } from '@/lib/format/plural'

const products = (n: number) => (n === 0 ? 'No products linked yet' : `Supplies ${plural(n, 'product')}`)

export function SupplierList({ suppliers }: { suppliers: SupplierSummary[] }) {
  if (suppliers.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-8 text-center">
        <Truck aria-hidden="true" className="size-8 text-muted-foreground" />
        <h2 className="font-semibold">No suppliers yet</h2>
        <p className="max-w-sm text-sm text-muted-foreground">
          Add the wholesalers you buy from, with how long they take to deliver. Reorder suggestions and purchase orders use them.
        </p>
      </div>
    )
  }
  return (
    <ul className="divide-y rounded-xl border" aria-label="Suppliers">
      {suppliers.map((supplier) => (
        <li key={supplier.id} className="flex items-center gap-3 p-4">
          <div className="grid min-w-0 flex-1 gap-1">
            <Link href={`/app/suppliers/${supplier.id}`} className="truncate font-medium underline-offset-4 hover:underline">
              {supplier.name}
            </Link>
            <p className="text-sm text-muted-foreground">
              Delivers {deliveryWhen(supplier.lead_time_days)} · {products(supplier.products)}
            </p>
            {(supplier.email || supplier.phone) && (
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {supplier.email && (
                  <a href={`mailto:${supplier.email}`} className="inline-flex min-h-6 items-center gap-1 break-all text-primary underline-offset-4 hover:underline">
                    <Mail aria-hidden="true" className="size-4 shrink-0" />
                    {supplier.email}
                  </a>
                )}
                {supplier.phone && (
                  <a href={`tel:${supplier.phone.replace(/[^+\d]/g, '')}`} className="inline-flex min-h-6 items-center gap-1 text-primary underline-offset-4 hover:underline">
                    <Phone aria-hidden="true" className="size-4 shrink-0" />
                    {supplier.phone}
                  </a>
                )}
              </p>
            )}
          </div>
          <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        </li>
      ))}
    </ul>
  )
}
