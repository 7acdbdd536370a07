import Link from 'next/link'
import { Download, QrCode, Truck, Upload } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

// Phones: four equal cells, the icon above its label, so the row fits a 360 px screen in one line.
const CELL = 'h-auto flex-col gap-1 px-1 py-1.5 text-xs sm:flex-row sm:gap-2 sm:px-4 sm:text-sm'

/** Import and export the catalogue as CSV; print QR labels for products without a barcode; the suppliers. */
export function CatalogueFileLinks({ className }: { className?: string }) {
  return (
    <div className={cn('grid grid-cols-4 gap-2 sm:flex sm:flex-wrap', className)}>
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
    </div>
  )
}
