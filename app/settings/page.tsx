import type { Metadata } from 'next'
import { requireShop } from '@/lib/auth/require-shop'
import { getReportFeed } from '@/lib/data/report-feeds'
import { formatDateTime } from '@/lib/format/date-time'
import { SheetsFeed } from '@/components/settings/sheets-feed'

export const metadata: Metadata = { title: 'Settings' }

export default async function SettingsPage() {
  const { shop, supabase } = await requireShop('/settings')
  const feed = await getReportFeed(supabase)
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Settings</h1>
      <section aria-labelledby="sheets-heading" className="grid gap-3 rounded-xl border p-4">
        <h2 id="sheets-heading" className="text-lg font-semibold">
          Google Sheets
        </h2>
        <SheetsFeed madeAt={feed ? formatDateTime(feed.created_at, shop.timezone) : null} />
      </section>
    </main>
  )
}
