import { exportFileName, exportHeader, exportLine } from '@/lib/csv/product-export'
import { listProductsForExport } from '@/lib/data/products'
import { getShopForUser } from '@/lib/data/shops'
import { createClient } from '@/lib/supabase/server'

const BATCH = 1000

/** GET /app/products/export: the shop's catalogue as CSV, streamed a batch at a time. */
export async function GET() {
  const supabase = await createClient()
  // getClaims() verifies the token; the queries below still run under RLS as this user.
  const { data } = await supabase.auth.getClaims()
  if (!data?.claims) return new Response('Sign in to export your products', { status: 401 })
  const shop = await getShopForUser(supabase, data.claims.sub)
  if (!shop) return new Response('Create your shop first', { status: 404 })

  const encoder = new TextEncoder()
  let from = 0
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(exportHeader()))
    },
    async pull(controller) {
      const rows = await listProductsForExport(supabase, shop.id, from, from + BATCH - 1)
      if (rows.length) controller.enqueue(encoder.encode(rows.map((row) => exportLine(row, shop.currency)).join('')))
      from += BATCH
      if (rows.length < BATCH) controller.close()
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(new Date(), shop.timezone)}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
