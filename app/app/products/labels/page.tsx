import type { Metadata } from 'next'
import Link from 'next/link'
import { Barcode, ChevronRight, PackageOpen } from 'lucide-react'
import { BackLink } from '@/components/layout/back-link'
import { Button } from '@/components/ui/button'
import { CopiesForm } from '@/components/labels/copies-form'
import { LabelSetNav } from '@/components/labels/label-set-nav'
import { LabelSheet } from '@/components/labels/label-sheet'
import { LabelPicker } from '@/components/labels/label-picker'
import { AddProductButton } from '@/components/products/add-product-button'
import { requireShop } from '@/lib/auth/require-shop'
import { runsShop } from '@/lib/shops/roles'
import { listLabelCandidates, maxLabelQty } from '@/lib/data/products'
import { NEED_SKU_LIMIT, copiesFor, parseCopies, parseSet, plural, productsPerSet } from '@/lib/labels/label-sheet'

export const metadata: Metadata = { title: 'Print labels' }

// Only the labels go to paper. The header (with the phone tab bar) and the toasts live in
// the root layout, out of reach of print: classes here; :has() keeps these rules to this page
// (React may leave a hoisted <style> in the head after navigating away).
const PRINT_CSS = `
@page { size: A4; margin: 12.9mm 7.2mm 12.5mm; }
@media print {
  body:has([data-label-sheet]) > header,
  body:has([data-label-sheet]) [data-sonner-toaster] { display: none !important; }
  body:has([data-label-sheet]) > div { padding: 0 !important; }
}
`

type SearchParams = Promise<{ copies?: string | string[]; set?: string | string[] }>

export default async function PrintLabelsPage({ searchParams }: { searchParams: SearchParams }) {
  const { shop, supabase } = await requireShop('/app/products/labels')
  const params = await searchParams
  const { copies, message } = parseCopies(params.copies)
  // A set holds as many products as fit in one print even if each needs its most labels.
  const perSet = productsPerSet(copies ?? copiesFor(await maxLabelQty(supabase, shop.id), null))
  const from = (parseSet(params.set) - 1) * perSet
  const found = await listLabelCandidates(supabase, shop.id, { from, to: from + perSet - 1, needSkuLimit: NEED_SKU_LIMIT })
  const set = found.from / perSet + 1
  const setCount = Math.max(1, Math.ceil(found.printableTotal / perSet))
  const printable = found.printable.map((product) => ({ ...product, copies: copiesFor(product.qty, copies) }))
  const noProducts = found.printableTotal + found.needSkuTotal + found.withBarcode === 0

  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 print:block print:max-w-none print:p-0">
      <style href="shelfsnap-labels-print" precedence="default">
        {PRINT_CSS}
      </style>
      <div className="grid gap-4 print:hidden">
        <BackLink href="/app/products">All products</BackLink>
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Print labels</h1>
          <p className="text-muted-foreground">
            QR labels for products with a SKU and no barcode. Stick one on every unit: each label the camera sees counts one.
          </p>
        </div>
      </div>

      {noProducts ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-16 text-center">
          <PackageOpen aria-hidden="true" className="size-12 text-muted-foreground" />
          <h2 className="text-xl font-semibold">No products yet</h2>
          <p className="text-muted-foreground">Add products with a SKU, then print their labels here.</p>
          {runsShop(shop.role) && <AddProductButton label="Add Your First Product" />}
        </div>
      ) : (
        <>
          <div className="print:hidden">
            <CopiesForm copies={copies} message={message} />
          </div>

          <div className="grid gap-2 text-sm print:hidden">
            {found.withBarcode > 0 && (
              <p className="flex items-center gap-2 text-muted-foreground">
                <Barcode aria-hidden="true" className="size-4 shrink-0" />
                {found.withBarcode === 1
                  ? '1 product already has a barcode and needs no label.'
                  : `${plural(found.withBarcode, 'product', 'products')} already have a barcode and need no label.`}
              </p>
            )}
          </div>

          {found.printableTotal === 0 && found.needSkuTotal === 0 && (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center print:hidden">
              <Barcode aria-hidden="true" className="size-12 text-muted-foreground" />
              <h2 className="text-xl font-semibold">Every product already has a barcode</h2>
              <p className="text-muted-foreground">The camera counts them by their barcodes: there is nothing to print.</p>
            </div>
          )}

          {found.needSkuTotal > 0 && (
            <section aria-labelledby="need-sku" className="grid gap-2 rounded-xl border p-4 print:hidden">
              <h2 id="need-sku" className="font-semibold">
                These products need a SKU before they can have a label
              </h2>
              <ul className="flex flex-wrap gap-2">
                {found.needSku.map((product) => (
                  <li key={product.id}>
                    <Button asChild variant="outline" size="sm">
                      <Link href={`/app/products/${product.id}/edit`} prefetch={false}>
                        {product.name}
                        <ChevronRight aria-hidden="true" />
                      </Link>
                    </Button>
                  </li>
                ))}
              </ul>
              {found.needSkuTotal > found.needSku.length && (
                <p className="text-sm text-muted-foreground">
                  …and {plural(found.needSkuTotal - found.needSku.length, 'more', 'more')} without a SKU.
                </p>
              )}
            </section>
          )}

          {setCount > 1 && (
            <LabelSetNav
              copies={copies}
              set={set}
              setCount={setCount}
              first={found.from + 1}
              last={found.from + found.printable.length}
              total={found.printableTotal}
            />
          )}

          {printable.length > 0 && (
            <LabelPicker products={printable}>
              <LabelSheet products={printable} />
            </LabelPicker>
          )}
        </>
      )}
    </main>
  )
}
