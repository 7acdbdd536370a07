import { NextResponse } from 'next/server'
import { getCurrentUser } from '@/lib/auth/current-user'
import { getCatalogue } from '@/lib/data/products'
import { createClient } from '@/lib/supabase/server'

const PRIVATE = { 'cache-control': 'private, no-store' }

/** GET /api/products: the signed-in owner's shop and catalogue, as the counter list gets it (rows as arrays). */
export async function GET() {
  const supabase = await createClient()
  const [user, catalogue] = await Promise.all([getCurrentUser(), getCatalogue(supabase).catch(() => undefined)])
  if (!user) return NextResponse.json({ error: 'Sign in to see your products' }, { status: 401, headers: PRIVATE })
  if (catalogue === undefined) return NextResponse.json({ error: 'Could not load the products' }, { status: 503, headers: PRIVATE })
  if (!catalogue) return NextResponse.json({ error: 'Create your shop first' }, { status: 404, headers: PRIVATE })
  return NextResponse.json(catalogue, { headers: PRIVATE })
}
