import Link from 'next/link'
import { Button } from '@/components/ui/button'
import type { ProductSupplierLink } from '@/lib/data/product-suppliers'
import { currencySymbol, formatMoney } from '@/lib/format/money'
import { deliveryWhen } from '@/lib/format/lead-time'
import { Badge } from '@/components/ui/badge'
import { LinkSupplierForm } from './link-supplier-form'
import { UnlinkSupplierButton } from './unlink-supplier-button'

interface ProductSuppliersSectionProps {
  product: { id: string; name: string }
  links: ProductSupplierLink[]
  /** every supplier of the shop, for the form */
  suppliers: { id: string; name: string }[]
  currency: string
}

export function ProductSuppliersSection({ product, links, suppliers, currency }: ProductSuppliersSectionProps) {
  return (
    <section aria-labelledby="suppliers-heading" className="grid gap-3 rounded-xl border p-4">
      <h2 id="suppliers-heading" className="text-lg font-semibold">Suppliers</h2>
      {links.length > 0 ? (
        <ul aria-label={`Suppliers of ${product.name}`} className="divide-y">
          {links.map((link) => (
            <li key={link.supplier_id} className="flex items-center gap-3 py-2">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {link.name}
                  {link.preferred && <Badge variant="secondary">Preferred</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">
                  {link.pack_size === 1 ? 'Single units' : `Packs of ${link.pack_size}`}
                  {link.unit_cost !== null && ` · ${formatMoney(link.unit_cost, currency)} each`} · delivers {deliveryWhen(link.lead_time_days)}
                </p>
              </div>
              <UnlinkSupplierButton productId={product.id} supplierId={link.supplier_id} supplierName={link.name} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          {suppliers.length > 0
            ? 'No supplier yet. Link one to get reorder suggestions in packs, with its lead time.'
            : 'No supplier on file yet. Add one and you come back here to link it, for reorder suggestions in its packs and with its lead time.'}
        </p>
      )}
      {suppliers.length > 0 ? (
        <LinkSupplierForm productId={product.id} productName={product.name} currencySymbol={currencySymbol(currency)} suppliers={suppliers} links={links} />
      ) : (
        <Button asChild variant="outline" className="justify-self-start">
          <Link href={`/app/suppliers/new?next=${encodeURIComponent(`/app/products/${product.id}`)}`}>Add your first supplier</Link>
        </Button>
      )}
    </section>
  )
}
