import Link from 'next/link'
import { Download, QrCode, Upload } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** Import and export the catalogue as CSV; print QR labels for products without a barcode. */
export function CatalogueFileLinks() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline">
        <Link href="/app/products/import">
          <Upload aria-hidden="true" />
          Import CSV
        </Link>
      </Button>
      <Button asChild variant="outline">
        {/* a plain link: the route answers with a file, not a page */}
        <a href="/app/products/export" download>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </Button>
      <Button asChild variant="outline">
        <Link href="/app/products/labels">
          <QrCode aria-hidden="true" />
          Print labels
        </Link>
      </Button>
    </div>
  )
}
