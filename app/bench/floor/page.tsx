import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getCurrentUser } from '@/lib/auth/current-user'
import { getCatalogue } from '@/lib/data/products'
import { createClient } from '@/lib/supabase/server'

export const metadata: Metadata = { title: 'Page floor', robots: { index: false } }

// `npm run bench -- load`'s floor: the calls of the bare products route (app/api/bench) inside
// the shared layout, drawing one line. What Next's page pipeline costs before /app/products draws anything.
// 404 unless the bench started the server.
export default async function PageFloor() {
  if (process.env.SHELFSNAP_BENCH_ROUTES !== '1') notFound()
  const [user, catalogue] = await Promise.all([getCurrentUser(), getCatalogue(await createClient())])
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">Page floor</h1>
      <p>{user && catalogue ? `${catalogue.rows.length} products` : 'Signed out'}</p>
    </main>
  )
}
