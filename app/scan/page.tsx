import type { Metadata } from 'next'
import { LiveCount } from '@/components/scan/live-count'
import { requireShop } from '@/lib/auth/require-shop'
import { countsBarcodes } from '@/lib/counting/pick-analyser'
import { listCountingCatalogue } from '@/lib/data/products'
import { getOpenStocktake } from '@/lib/data/stocktakes'

export const metadata: Metadata = { title: 'Scan' }

export default async function ScanPage() {
  const { user, shop, supabase } = await requireShop('/scan')
  const [catalogue, open] = await Promise.all([listCountingCatalogue(supabase, shop.id), getOpenStocktake(supabase, shop.id)])
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-3 px-4 py-4">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Scan</h1>
        <p className="text-sm text-muted-foreground">
          Move the camera slowly along the shelf: each label is counted once, green for your products, amber for codes not in your catalogue. Tap a mark for its
          name. Barcodes are read on this phone.
        </p>
      </div>
      <LiveCount
        catalogue={catalogue.map((item) => ({ ...item, imageUrl: null }))}
        stocktake={open ? { id: open.id, shopId: open.shop_id } : null}
        countsBarcodes={countsBarcodes(user.anonymous)}
      />
    </main>
  )
}
