import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { getCurrentUser } from '@/lib/auth/current-user'
import { safeNextPath } from '@/lib/auth/next-path'
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form'
import { UpdatePasswordForm } from '@/components/auth/update-password-form'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

export const metadata: Metadata = { title: 'Choose a new password' }

/** Reached signed in, by the emailed reset link or an invitation (through /auth/confirm); then on to `next`. */
export default async function UpdatePasswordPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const user = await getCurrentUser()
  if (!user || user.anonymous) redirect('/auth?link=expired')
  const { next } = await searchParams
  const then = safeNextPath(typeof next === 'string' ? next : null, '/')
  // The invitation's link goes on to /join: a new member chooses their first password, not a new one.
  const first = then === '/join'
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">
            <h1>{first ? 'Choose your password' : 'Choose a new password'}</h1>
          </CardTitle>
          <CardDescription>{first ? `For ${user.email}: you sign in with it from now on. Then you join the shop.` : `For ${user.email}`}</CardDescription>
        </CardHeader>
        <CardContent>
          <UpdatePasswordForm next={then} first={first} askCurrent={!user.fromEmailedLink} />
          {!user.fromEmailedLink && user.email && (
            <div className="mt-6 grid gap-2 border-t pt-4 text-sm">
              <p className="text-muted-foreground">Forgotten your current password? We can email {user.email} a link to choose a new one.</p>
              <ForgotPasswordForm email={user.email} />
            </div>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
