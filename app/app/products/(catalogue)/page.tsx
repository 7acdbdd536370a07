import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { CodeClashes } from '@/components/products/code-clashes'
import { ProductCatalogue } from '@/components/products/product-catalogue'
import { ProductsHeader } from '@/components/products/products-header'
import { ErrorToast } from '@/components/feedback/error-toast'
import { LiveStock } from '@/components/realtime/live-stock'
import { getCurrentShop } from '@/lib/auth/current-shop'
import { getCurrentUser } from '@/lib/auth/current-user'
import { noShopTarget } from '@/lib/auth/no-shop'
import { backendSeemsDown } from '@/lib/http/backend-health'
import { BackendUnreachableError } from '@/lib/supabase/deadline-fetch'
import { getCatalogue } from '@/lib/data/products'
import { firstView, fromTuple, ROWS_PER_STEP, viewFromParams } from '@/lib/products/catalogue'
import { findCodeClashes } from '@/lib/products/code-clashes'
import { runsShop } from '@/lib/shops/roles'
import { createClient, type ServerSupabase } from '@/lib/supabase/server'

export const metadata: Metadata = { title: 'Products' }

type SearchParams = Promise<Record<string, string | string[] | undefined>>

function toParams(params: Awaited<SearchParams>): URLSearchParams {
  const flat = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value
    if (first !== undefined) flat.set(name, first)
  }
  return flat
}

/** The catalogue, or why it could not be read; stamped with when it was read. */
async function readCatalogue(supabase: ServerSupabase) {
  try {
    return { catalogue: await getCatalogue(supabase), failure: null, readAt: Date.now() }
  } catch (failure) {
    // An outage goes to the error boundary (its own wording, and 503 from the proxy next time).
    if (backendSeemsDown()) throw new BackendUnreachableError(failure)
    return { catalogue: null, failure, readAt: 0 }
  }
}

/** The detail stays in the server log; the owner gets a plain message and its reference. */
function failureMessage(failure: unknown): string {
  const reference = crypto.randomUUID().slice(0, 8)
  console.error(`Products could not be read (reference ${reference})`, failure)
  return `Your products could not be read. Please try again. (reference ${reference})`
}

export default async function ProductsPage({ searchParams }: { searchParams: SearchParams }) {
  // One round trip for the shop and its catalogue, alongside the session check and the member's
  // role (which the nav bar asks for in the same request).
  const supabase = await createClient()
  const [user, result, choice] = await Promise.all([
    getCurrentUser(),
    readCatalogue(supabase),
    getCurrentShop().catch(() => null),
  ])
  // Signed out (a sign-out re-renders this page): the catalogue was refused, which is no failure.
  if (!user) redirect('/auth?next=/app/products')
  if (result.failure === null && !result.catalogue) redirect('/')
  // Refused because this device's session was ended elsewhere: sign in again, as every other page says.
  if (result.failure !== null) {
    const target = await noShopTarget(user, '/app/products')
    if (target !== '/') redirect(target)
  }
  const error = result.failure === null ? null : failureMessage(result.failure)
  const view = viewFromParams(toParams(await searchParams))
  const role = choice?.shop.role ?? null

  return (
    <main className="mx-auto grid w-full max-w-3xl gap-3 px-4 py-4">
      <ProductsHeader shopName={result.catalogue?.shop.name ?? null} role={role} />
      {result.catalogue && <LiveStock shopId={result.catalogue.shop.id} />}
      {result.catalogue && <CodeClashes clashes={findCodeClashes(result.catalogue.rows.map(fromTuple))} />}
      {result.catalogue ? (
        <ProductCatalogue
          first={firstView(result.catalogue.rows, view, ROWS_PER_STEP)}
          initialView={view}
          renderedAt={result.readAt}
          canAdd={role !== null && runsShop(role)}
        />
      ) : (
        <div role="alert" className="rounded-lg border border-destructive/40 p-6 text-center">
          <p className="font-medium text-destructive">Error loading products</p>
          <p className="text-sm text-muted-foreground">{error}</p>
          <ErrorToast title="Error loading products" description={error ?? ''} />
        </div>
      )}
    </main>
  )
}
