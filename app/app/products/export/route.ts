import { exportFileName } from '@/lib/csv/product-export'
import { getShopForUser } from '@/lib/data/shops'
import { createClient } from '@/lib/supabase/server'
import { productCsvStream } from '@/lib/workflows/product-csv-stream'

/** GET /app/products/export: the shop's catalogue as CSV, streamed a batch at a time. */
export async function GET() {
  const supabase = await createClient()
  // getClaims() verifies the token; the queries below still run under RLS as this user.
  const { data } = await supabase.auth.getClaims()
  if (!data?.claims) return new Response('Sign in to export your products', { status: 401 })
  const shop = await getShopForUser(supabase, data.claims.sub)
  if (!shop) return new Response('Create your shop first', { status: 404 })
  return new Response(productCsvStream(supabase, shop), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(new Date(), shop.timezone)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
