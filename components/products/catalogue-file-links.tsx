import Link from 'next/link'
import { ClipboardList, Download, QrCode, ShoppingCart, Truck, Upload } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

// Phones: two rows of three equal cells, the icon above its label, so each row fits a 360 px screen.
const CELL = 'h-auto flex-col gap-1 px-1 py-1.5 text-xs sm:flex-row sm:gap-2 sm:px-4 sm:text-sm'

/** Import and export the catalogue as CSV; print QR labels for products without a barcode; suppliers, reorder and orders. */
export function CatalogueFileLinks({ className }: { className?: string }) {
  return (
    <div className={cn('grid grid-cols-3 gap-2 sm:flex sm:flex-wrap', className)}>
      <Button asChild variant="outline" className={CELL}>
        <Link href="/app/products/import">
          <Upload aria-hidden="true" />
          Import CSV
        </Link>
      </Button>
      <Button asChild variant="outline" className={CELL}>
        {/* a plain link: the route answers with a file, not a page */}
        <a href="/app/products/export" download>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </Button>
      <Button asChild variant="outline" className={CELL}>
        <Link href="/app/products/labels">
          <QrCode aria-hidden="true" />
          Print labels
        </Link>
      </Button>
      <Button asChild variant="outline" className={CELL}>
        <Link href="/app/suppliers">
          <Truck aria-hidden="true" />
          Suppliers
        </Link>
      </Button>
      <Button asChild variant="outline" className={CELL}>
        <Link href="/app/reorder">
          <ShoppingCart aria-hidden="true" />
          Reorder
        </Link>
      </Button>
      <Button asChild variant="outline" className={CELL}>
        <Link href="/app/purchase-orders">
          <ClipboardList aria-hidden="true" />
          Orders
        </Link>
      </Button>
    </div>
  )
}
