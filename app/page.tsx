import { redirect } from 'next/navigation'
import { Benefits } from '@/components/landing/benefits'
import { Hero } from '@/components/landing/hero'
import { HowItWorks } from '@/components/landing/how-it-works'
import { CreateShopGate } from '@/components/shop/create-shop-gate'
import { getCurrentUser } from '@/lib/auth/current-user'
import { findShopForUser } from '@/lib/data/shops'
import { createClient } from '@/lib/supabase/server'

export default async function LandingPage() {
  const user = await getCurrentUser()
  const shop = user ? await findShopForUser(await createClient()) : null
  if (shop) redirect('/app/products')

  return (
    <main>
      <Hero signedIn={user !== null} />
      <HowItWorks />
      <Benefits signedIn={user !== null} />
      {user && <CreateShopGate />}
    </main>
  )
}
