import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { getCurrentUser } from '@/lib/auth/current-user'
import { safeNextPath } from '@/lib/auth/next-path'
import { SignInCodeForm } from '@/components/two-factor/sign-in-code-form'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

export const metadata: Metadata = { title: 'Two-factor sign-in' }

/** After the password, for someone with an authenticator: the proxy sends every page here until the code is in. */
export default async function TwoFactorPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const user = await getCurrentUser()
  const { next } = await searchParams
  if (!user) redirect('/auth')
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">
            <h1>Two-factor sign-in</h1>
          </CardTitle>
          <CardDescription>{`Enter the 6-digit code your authenticator app shows for ShelfSnap (${user.email}).`}</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInCodeForm next={safeNextPath(typeof next === 'string' ? next : null, '/')} />
        </CardContent>
      </Card>
    </main>
  )
}
