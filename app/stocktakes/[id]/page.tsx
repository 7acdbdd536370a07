import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { formatDateTime } from '@/lib/format/date-time'
import { requireShop } from '@/lib/auth/require-shop'
import { BackLink } from '@/components/layout/back-link'
import { listPhotos, signedPhotoUrls, signedPreviewUrls } from '@/lib/data/stocktake-photos'
import { productSightings, unmatchedCodes } from '@/lib/data/stocktake-review'
import { getStocktake } from '@/lib/data/stocktakes'
import { liveReview, stageProblem } from '@/lib/workflows/open-stocktake-view'
import { confirmsStocktakes, runsShop } from '@/lib/shops/roles'
import { reviewable, STAGE_LABELS, stocktakeStage } from '@/lib/stocktakes/stage'
import { stocktakeSchema } from '@/lib/validations/stocktake'
import { DiscardStocktakeButton } from '@/components/stocktakes/discard-stocktake-button'
import { LiveReviewProvider } from '@/components/stocktakes/live-review'
import { PhotoTimes } from '@/components/stocktakes/photo-times'
import { StocktakePhotos } from '@/components/stocktakes/stocktake-photos'
import { StocktakeReview } from '@/components/stocktakes/stocktake-review'
import { UnmatchedCodes } from '@/components/stocktakes/unmatched-codes'

export const metadata: Metadata = { title: 'Review stocktake' }

export default async function StocktakePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const { shop, supabase } = await requireShop(`/stocktakes/${id}`)
  const session = stocktakeSchema.safeParse({ session_id: id }).success ? await getStocktake(supabase, id) : null
  if (!session) notFound()
  const photos = await listPhotos(supabase, id)
  const stage = stocktakeStage(session.status, photos)
  const counted = reviewable(stage)
  const paths = photos.map((photo) => photo.storage_path)
  // The crops need the photos themselves; the photo grid, their previews.
  const [live, codes, sightings, urls, previews] = await Promise.all([
    liveReview(supabase, session, photos, shop.timezone),
    counted ? unmatchedCodes(supabase, id) : [],
    counted ? productSightings(supabase, id) : new Map(),
    counted ? signedPhotoUrls(supabase, paths) : new Map<string, string>(),
    signedPreviewUrls(supabase, paths),
  ])
  const open = session.status === 'open'
  const review = live.review

  return (
    <LiveReviewProvider sessionId={session.id} shopId={shop.id} open={open} initial={live}>
      <main className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
        <BackLink href="/upload">Upload Photos</BackLink>
        <div className="grid gap-3">
          <h1 className="text-2xl font-bold sm:text-3xl">{session.status === 'confirmed' ? 'Stocktake' : 'Review stocktake'}</h1>
          <p className="text-muted-foreground">
            {STAGE_LABELS[stage]}.{session.confirmed_at && ` Confirmed ${formatDateTime(session.confirmed_at, shop.timezone)}.`} What the till
            recorded between the two photo times is taken into account.
          </p>
          <PhotoTimes sessionId={session.id} editable={open} />
        </div>
        {!counted && (
          <p role="alert" className="rounded-xl border p-4">
            {stageProblem(stage, photos) ?? `${STAGE_LABELS[stage]}.`}{' '}
            <Link href="/upload" className="underline underline-offset-4">Back to Upload Photos</Link>
          </p>
        )}
        {review && (
          <StocktakeReview
            key={review.status}
            sessionId={session.id}
            initial={review}
            sightings={Object.fromEntries(sightings)}
            photoUrls={Object.fromEntries(urls)}
            canConfirm={confirmsStocktakes(shop.role, shop.staff_can_confirm)}
          />
        )}
        <UnmatchedCodes codes={codes} />
        <StocktakePhotos photos={photos} urls={previews} timeZone={shop.timezone} />
        {open && runsShop(shop.role) && (
          <div className="border-t pt-4">
            <DiscardStocktakeButton sessionId={session.id} />
          </div>
        )}
      </main>
    </LiveReviewProvider>
  )
}
