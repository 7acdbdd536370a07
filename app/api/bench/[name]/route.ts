import { getCurrentUser } from '@/lib/auth/current-user'
import { getDashboardSummary } from '@/lib/data/dashboard'
import { getCatalogue } from '@/lib/data/products'
import { createClient } from '@/lib/supabase/server'

// `npm run bench -- load`'s baseline: the queries of /app/products and /dashboard
// with the same client, without rendering. Answers 404 unless the bench started the server.
const queries = {
  products: async () => {
    const [user, catalogue] = await Promise.all([getCurrentUser(), getCatalogue(await createClient())])
    return user && catalogue
  },
  dashboard: async () => {
    const user = await getCurrentUser()
    return user && getDashboardSummary(await createClient())
  },
}

export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params
  if (process.env.SHELFSNAP_BENCH_ROUTES !== '1' || !Object.hasOwn(queries, name)) return new Response(null, { status: 404 })
  const data = await queries[name as keyof typeof queries]()
  return data ? Response.json(data) : new Response(null, { status: 401 })
}
