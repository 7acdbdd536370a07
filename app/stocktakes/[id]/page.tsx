import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { formatDateTime } from '@/lib/format/date-time'
import { requireShop } from '@/lib/auth/require-shop'
import { BackLink } from '@/components/layout/back-link'
import { confirmedRows, getStocktake, listPhotos, reviewRows, signedPhotoUrls, unmatchedCodes } from '@/lib/data/stocktakes'
import { stocktakeSchema } from '@/lib/validations/stocktake'
import { StocktakePhotos } from '@/components/stocktakes/stocktake-photos'
import { StocktakeReview } from '@/components/stocktakes/stocktake-review'
import { UnmatchedCodes } from '@/components/stocktakes/unmatched-codes'

export const metadata: Metadata = { title: 'Review stocktake' }

const when = (iso: string | null, timeZone: string) => (iso ? formatDateTime(iso, timeZone) : '—')

export default async function StocktakePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const { shop, supabase } = await requireShop(`/stocktakes/${id}`)
  const session = stocktakeSchema.safeParse({ session_id: id }).success ? await getStocktake(supabase, id) : null
  if (!session) notFound()
  const reviewable = session.status === 'review' || session.status === 'confirmed'
  const [photos, proposed, codes] = await Promise.all([
    listPhotos(supabase, id),
    reviewable ? reviewRows(supabase, id) : [],
    reviewable ? unmatchedCodes(supabase, id) : [],
  ])
  const rows = session.status === 'confirmed' ? await confirmedRows(supabase, id, proposed) : proposed
  const urls = await signedPhotoUrls(supabase, photos.map((photo) => photo.storage_path))

  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
      <BackLink href="/upload">Upload Photos</BackLink>
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{session.status === 'confirmed' ? 'Stocktake' : 'Review stocktake'}</h1>
        <p className="mt-1 text-muted-foreground">
          Photos from {when(session.started_at, shop.timezone)} to {when(session.ended_at, shop.timezone)}. Counted by{' '}
          {session.analyser === 'vision' ? 'the vision model (check its counts carefully)' : 'barcode and QR labels'}.
          {session.confirmed_at && ` Confirmed ${when(session.confirmed_at, shop.timezone)}.`}
        </p>
      </div>
      {!reviewable && (
        <p role="alert" className="rounded-xl border p-4">
          {session.status === 'failed' ? session.error : 'This stocktake is still being analysed.'}{' '}
          <Link href="/upload" className="underline underline-offset-4">Back to Upload Photos</Link>
        </p>
      )}
      {reviewable && rows.length > 0 && <StocktakeReview sessionId={session.id} rows={rows} confirmed={session.status === 'confirmed'} />}
      {reviewable && rows.length === 0 && <p className="rounded-xl border p-4">No catalogue products were found in these photos.</p>}
      <UnmatchedCodes codes={codes} />
      <StocktakePhotos photos={photos} urls={urls} />
    </main>
  )
}
