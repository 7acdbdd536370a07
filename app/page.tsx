import { cookies } from 'next/headers'
import { redirect } from 'next/navigation'
import { Benefits } from '@/components/landing/benefits'
import { Hero } from '@/components/landing/hero'
import { HowItWorks } from '@/components/landing/how-it-works'
import { CreateShopGate } from '@/components/shop/create-shop-gate'
import { getCurrentUser } from '@/lib/auth/current-user'
import { noShopTarget } from '@/lib/auth/no-shop'
import { findShopForUser } from '@/lib/data/shops'
import { getMyInvites } from '@/lib/data/team'
import { SHOP_COOKIE } from '@/lib/shops/shop-choice'
import { createClient } from '@/lib/supabase/server'

export default async function LandingPage() {
  const user = await getCurrentUser()
  const supabase = user ? await createClient() : null
  const shop = supabase ? await findShopForUser(supabase) : null
  if (shop) redirect('/app/products')
  // Invited to a shop: join it, rather than being asked to create one.
  if (supabase && !user?.anonymous && (await getMyInvites(supabase).catch(() => [])).length) redirect('/join')
  // a session the database no longer answers signs in again, or gives its code, before a shop is created
  if (user) {
    const target = await noShopTarget(user, '/')
    if (target !== '/') redirect(target)
  }

  // They worked in a shop (the cookie names it) that answers them no more: removed from its team.
  const removed = user !== null && (await cookies()).has(SHOP_COOKIE)

  return (
    <main>
      <Hero signedIn={user !== null} />
      <HowItWorks />
      <Benefits signedIn={user !== null} />
      {user && <CreateShopGate removed={removed} />}
    </main>
  )
}
