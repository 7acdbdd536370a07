import type { Metadata } from 'next'
import { UploadPhotos } from '@/components/upload/upload-photos'
import { RecentStocktakes } from '@/components/upload/recent-stocktakes'
import { purgeRemovals } from '@/lib/data/photo-removals'
import { requireShop } from '@/lib/auth/require-shop'
import { countsBarcodes } from '@/lib/counting/pick-analyser'
import { runsShop } from '@/lib/shops/roles'
import { listCountingCatalogue } from '@/lib/data/products'
import { getOpenStocktake, recentStocktakes } from '@/lib/data/stocktakes'
import { expireStaleStocktakes } from '@/lib/workflows/close-stocktake'
import { openStocktakeView } from '@/lib/workflows/open-stocktake-view'

export const metadata: Metadata = { title: 'Upload Photos' }
// The analysis job runs after the action's response (after()); on a serverless host it lives as long as this allows.
export const maxDuration = 300

export default async function UploadPage() {
  const { user, shop, supabase } = await requireShop('/upload')
  // Stocktakes left unfinished for a week lose their photos here, before the page lists them as closed;
  // removed photos past their undo window go for good.
  await Promise.all([expireStaleStocktakes(supabase, shop.id), purgeRemovals(supabase, shop.id)])
  // Barcodes are read on the phone; the vision model runs on the server.
  const countsOnDevice = countsBarcodes(user.anonymous)
  const [open, recent, catalogue] = await Promise.all([
    getOpenStocktake(supabase, shop.id),
    recentStocktakes(supabase, shop.id),
    // The phone's count of photos waiting to upload (offline) is matched to these, as the server matches them.
    countsOnDevice ? listCountingCatalogue(supabase, shop.id) : [],
  ])
  const stocktake = open ? await openStocktakeView(supabase, open) : null
  return (
    <UploadPhotos
      stocktake={stocktake}
      shopId={shop.id}
      userId={user.id}
      timeZone={shop.timezone}
      countsOnDevice={countsOnDevice}
      catalogue={catalogue.map(({ id, name, sku, barcode }) => ({ id, name, sku, barcode }))}
      recent={<RecentStocktakes stocktakes={recent} timeZone={shop.timezone} />}
      canDiscard={runsShop(shop.role)}
    />
  )
}
