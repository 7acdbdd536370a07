import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { getCurrentUser } from '@/lib/auth/current-user'
import { CreateShopForm } from '@/components/shop/create-shop-form'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

export const metadata: Metadata = { title: 'Add a shop' }

/** A second branch (or a shop of one's own for a member of someone else's), from the account menu. */
export default async function AddShopPage() {
  const user = await getCurrentUser()
  if (!user || user.anonymous) redirect('/auth?next=%2Fapp%2Fshops%2Fnew')
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Add a shop</h1>
          </CardTitle>
          <CardDescription>Another branch, with its own stock, team and reports. Switch between your shops in the header.</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateShopForm />
        </CardContent>
      </Card>
    </main>
  )
}
