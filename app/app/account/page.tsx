import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { NameForm } from '@/components/account/name-form'
import { getCurrentUser } from '@/lib/auth/current-user'
import { BackendUnreachableError, isBackendFailure } from '@/lib/supabase/deadline-fetch'
import { createClient } from '@/lib/supabase/server'

export const metadata: Metadata = { title: 'Your name' }

/** /app/account: the name the stock history, the reports and the Team page show for this person. */
export default async function AccountPage() {
  const user = await getCurrentUser()
  if (!user) redirect('/auth?next=%2Fapp%2Faccount')
  // getUser() asks the auth server: the name there, not the one the session's token was issued with.
  // "Could not ask" is the outage page, as on every page, not a trip to sign in.
  const { data, error } = await (await createClient()).auth.getUser()
  if (isBackendFailure(error)) throw new BackendUnreachableError(error)
  if (!data.user) redirect('/auth?next=%2Fapp%2Faccount')
  const name = typeof data.user.user_metadata.full_name === 'string' ? data.user.user_metadata.full_name : ''
  return (
    <main className="mx-auto grid w-full max-w-md gap-4 px-4 py-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">Your name</h1>
        <p className="text-sm text-muted-foreground">
          {user.email ? `For ${user.email}. ` : ''}Every shop you work in shows it beside what you did: in the stock history, on the dashboard and in
          sales by person.
        </p>
      </div>
      <NameForm name={name} />
    </main>
  )
}
