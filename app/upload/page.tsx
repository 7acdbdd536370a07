import type { Metadata } from 'next'
import { UploadPhotos } from '@/components/upload/upload-photos'
import { RecentStocktakes } from '@/components/upload/recent-stocktakes'
import { requireShop } from '@/lib/auth/require-shop'
import { recentStocktakes } from '@/lib/data/stocktakes'

export const metadata: Metadata = { title: 'Upload Photos' }
// The analysis job runs after the action's response (after()); on a serverless host it lives as long as this allows.
export const maxDuration = 300

export default async function UploadPage() {
  const { shop, supabase } = await requireShop('/upload')
  const recent = await recentStocktakes(supabase, shop.id)
  return <UploadPhotos recent={<RecentStocktakes stocktakes={recent} timeZone={shop.timezone} />} />
}
