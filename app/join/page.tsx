import type { Metadata } from 'next'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { getCurrentUser } from '@/lib/auth/current-user'
import { getMyInvites } from '@/lib/data/team'
import { createClient } from '@/lib/supabase/server'
import { JoinForm } from '@/components/team/join-form'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

export const metadata: Metadata = { title: 'Join a shop' }

/** Where an invitation lands (after /auth/confirm and a password, or after signing in). */
export default async function JoinPage() {
  const user = await getCurrentUser()
  if (!user || user.anonymous) redirect('/auth?next=%2Fjoin')
  const invites = await getMyInvites(await createClient())
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">
            <h1>Join a shop</h1>
          </CardTitle>
          <CardDescription>{`Invitations to ${user.email}`}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {invites.length ? (
            invites.map((invite) => (
              <div key={invite.id} className="grid gap-2 rounded-lg border p-3">
                <p>{`${invite.shop_name} invited you as ${invite.role === 'manager' ? 'a manager' : 'staff'}.`}</p>
                <JoinForm invite={invite} />
              </div>
            ))
          ) : (
            <p role="status">
              No invitation is waiting for this address: it may have expired or been withdrawn, or it was sent to another email. Ask the shop&apos;s owner to invite you again.{' '}
              <Link href="/" className="font-semibold text-primary underline underline-offset-4">
                Go to ShelfSnap
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
