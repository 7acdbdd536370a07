import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { KeepShopForm } from '@/components/auth/keep-shop-form'
import { getCurrentUser } from '@/lib/auth/current-user'
import { isDemoVisitor } from '@/lib/demo/demo-visitor'

export const metadata: Metadata = { title: 'Keep this shop' }

export default async function KeepShopPage() {
  if (!(await getCurrentUser())) redirect('/auth?next=%2Fauth%2Fkeep')
  // Only a demo visitor has a shop to keep; an owner's is theirs already.
  if (!(await isDemoVisitor())) redirect('/app/products')
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <KeepShopForm />
    </main>
  )
}
