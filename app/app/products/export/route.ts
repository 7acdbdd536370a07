import { exportFileName } from '@/lib/csv/product-export'
import { getShopForUser } from '@/lib/data/shops'
import { exportNotForRole } from '@/lib/http/export-refusal'
import { runsShop } from '@/lib/shops/roles'
import { createClient } from '@/lib/supabase/server'
import { productCsvStream } from '@/lib/workflows/product-csv-stream'

/** GET /app/products/export: the shop's catalogue as CSV, streamed a batch at a time. */
export async function GET() {
  const supabase = await createClient()
  // getClaims() verifies the token; the queries below still run under RLS as this user.
  const { data } = await supabase.auth.getClaims()
  if (!data?.claims) return new Response('Sign in to export your products', { status: 401 })
  const shop = await getShopForUser(supabase)
  if (!shop) return new Response('Create your shop first', { status: 404 })
  // Costs are in it, and it is the import's other half.
  if (!runsShop(shop.role)) return exportNotForRole('the catalogue')
  return new Response(productCsvStream(supabase, shop), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(new Date(), shop.timezone)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
