import type { LabelProduct } from '@/lib/data/products'
import { repeatLabels } from '@/lib/labels/label-sheet'
import { qrCode } from '@/lib/labels/qr-code'
import { QrCode } from './qr-code'

// On paper: 3 × 8 cells of 63.5 × 33.9 mm, the common 24-per-A4 label sheet
// (the page margins are in the print style of the labels page).
export function LabelSheet({ products }: { products: (LabelProduct & { copies: number })[] }) {
  // One QR code per product, however many copies of it are printed.
  const withCodes = products.map((product) => ({ ...product, shape: qrCode(product.sku) }))
  return (
    <ul
      aria-label="Labels"
      data-label-sheet=""
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 print:grid-cols-[repeat(3,63.5mm)] print:auto-rows-[33.9mm] print:gap-x-[2.5mm] print:gap-y-0"
    >
      {repeatLabels(withCodes).map(({ key, product }) => (
        <li
          key={key}
          data-label-product={product.id}
          className="flex break-inside-avoid items-center gap-2 overflow-hidden rounded-lg border bg-white p-2 text-black print:gap-[1.5mm] print:rounded-none print:border-0 print:p-[2mm]"
        >
          <QrCode
            shape={product.shape}
            label={`QR code for ${product.sku}`}
            className="size-20 shrink-0 print:size-[29mm]"
          />
          <div className="min-w-0">
            <p className="line-clamp-3 text-sm font-medium leading-tight print:text-[9pt]">{product.name}</p>
            <p className="mt-1 break-all font-mono text-xs print:text-[8pt]">{product.sku}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
