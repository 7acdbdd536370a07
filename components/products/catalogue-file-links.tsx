import Link from 'next/link'
import { ClipboardList, Download, QrCode, ShoppingCart, Truck, Upload } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

// Phones: two rows of three equal cells, the icon above its label, so each row fits a 360 px screen.
const CELL = 'h-auto flex-col gap-1 px-1 py-1.5 text-xs sm:flex-row sm:gap-2 sm:px-4 sm:text-sm'

const LINKS = [
  { href: '/app/products/import', label: 'Import CSV', icon: Upload },
  // a plain link: the route answers with a file, not a page
  { href: '/app/products/export', label: 'Export CSV', icon: Download, file: true },
  { href: '/app/products/labels', label: 'Print labels', icon: QrCode },
  { href: '/app/suppliers', label: 'Suppliers', icon: Truck },
  { href: '/app/reorder', label: 'Reorder', icon: ShoppingCart },
  { href: '/app/purchase-orders', label: 'Orders', icon: ClipboardList },
]

/** Import and export the catalogue as CSV; print QR labels for products without a barcode; suppliers, reorder and orders. */
export function CatalogueFileLinks({ className }: { className?: string }) {
  return (
    <div className={cn('grid grid-cols-3 gap-2 sm:flex sm:flex-wrap', className)}>
      {LINKS.map(({ href, label, icon: Icon, file }) => (
        <Button key={href} asChild variant="outline" className={CELL}>
          {file ? (
            <a href={href} download>
              <Icon aria-hidden="true" />
              {label}
            </a>
          ) : (
            <Link href={href}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          )}
        </Button>
      ))}
    </div>
  )
}
