import Link from 'next/link'
import { notFound } from 'next/navigation'
import { Package, Pencil } from 'lucide-react'
import { BackLink } from '@/components/layout/back-link'
import { requireShop } from '@/lib/auth/require-shop'
import { pageNumber } from '@/lib/http/page-number'
import { listProductSuppliers } from '@/lib/data/product-suppliers'
import { unitsOnOrder } from '@/lib/data/purchase-orders'
import { getShopPeople } from '@/lib/data/people'
import { listMovements } from '@/lib/data/stock-movements'
import { listSupplierChoices } from '@/lib/data/suppliers'
import { formatMoney } from '@/lib/format/money'
import { confirmsStocktakes, runsShop } from '@/lib/shops/roles'
import { DeleteProductButton } from '@/components/products/delete-product-button'
import { LiveProduct } from '@/components/realtime/live-product'
import { AdjustStockForm } from '@/components/stock/adjust-stock-form'
import { MovementHistory } from '@/components/stock/movement-history'
import { StockStepper } from '@/components/stock/stock-stepper'
import { ProductSuppliersSection } from '@/components/suppliers/product-suppliers-section'
import { Button } from '@/components/ui/button'
import { loadProduct } from './product'

interface PageProps {
  params: Promise<{ id: string }>
  searchParams: Promise<{ page?: string | string[] }>
}

export default async function ProductPage({ params, searchParams }: PageProps) {
  const { id } = await params
  const { user, shop, supabase } = await requireShop(`/app/products/${id}`)
  // Staff: the counter's view of it, without its cost, suppliers or the buttons that change it.
  const manages = runsShop(shop.role)
  const product = await loadProduct(id, manages)
  if (!product) notFound()
  const page = pageNumber((await searchParams).page)
  const [history, links, suppliers, onOrder, people] = await Promise.all([
    listMovements(supabase, id, page),
    manages ? listProductSuppliers(supabase, id) : [],
    manages ? listSupplierChoices(supabase, shop.id) : [],
    unitsOnOrder(supabase, id),
    getShopPeople(supabase, shop.id),
  ])
  const details = [
    ['SKU', product.sku ?? '—'],
    ['Barcode', product.barcode ?? '—'],
    ['Low-stock alert at', String(product.low_stock_threshold)],
    ['Target level', product.target_qty === null ? '—' : String(product.target_qty)],
    ...(manages ? [['Cost', formatMoney(product.unit_cost, shop.currency)]] : []),
    ['Price', formatMoney(product.unit_price, shop.currency)],
  ]

  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <BackLink href="/app/products">All products</BackLink>
      <LiveProduct productId={product.id} shopId={shop.id} />
      {/* a phone shows the photo as a thumbnail beside the name: full width, it pushed the stock below the fold */}
      <section className="grid grid-cols-[5rem_1fr] items-start gap-4 sm:grid-cols-[12rem_1fr]">
        <div className="flex aspect-square items-center justify-center overflow-hidden rounded-xl border bg-muted">
          {product.image_url ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={product.image_url} alt={product.name} className="size-full object-cover" />
          ) : (
            <Package aria-hidden="true" className="size-8 text-muted-foreground sm:size-12" />
          )}
        </div>
        <div className="grid content-start gap-4">
          <h1 className="text-2xl font-bold break-words">{product.name}</h1>
          <StockStepper productId={product.id} name={product.name} qty={product.qty} lowStockThreshold={product.low_stock_threshold} onOrder={onOrder} />
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {details.map(([term, value]) => (
              <div key={term}>
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="font-medium break-all">{value}</dd>
              </div>
            ))}
          </dl>
          {manages && (
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link href={`/app/products/${product.id}/edit`}>
                  <Pencil aria-hidden="true" /> Edit
                </Link>
              </Button>
              <DeleteProductButton id={product.id} name={product.name} redirectTo="/app/products" />
            </div>
          )}
        </div>
      </section>
      <section aria-labelledby="adjust-heading" className="grid gap-3 rounded-xl border p-4">
        <h2 id="adjust-heading" className="text-lg font-semibold">Adjust stock</h2>
        <AdjustStockForm productId={product.id} name={product.name} qty={product.qty} correctsCounts={confirmsStocktakes(shop.role, shop.staff_can_confirm)} />
      </section>
      {manages && <ProductSuppliersSection product={product} links={links} suppliers={suppliers} currency={shop.currency} />}
      <section id="history" aria-labelledby="history-heading" className="grid gap-3">
        <h2 id="history-heading" className="text-lg font-semibold">Stock history</h2>
        <MovementHistory history={history} productId={product.id} timeZone={shop.timezone} userId={user.id} people={people} />
      </section>
    </main>
  )
}
