import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { NameForm } from '@/components/account/name-form'
import { createClient } from '@/lib/supabase/server'

export const metadata: Metadata = { title: 'Your name' }

/** /app/account: the name the stock history, the reports and the Team page show for this person. */
export default async function AccountPage() {
  // getUser() asks the auth server: the name there, not the one the session's token was issued with
  const { data } = await (await createClient()).auth.getUser()
  if (!data.user) redirect('/auth?next=%2Fapp%2Faccount')
  const name = typeof data.user.user_metadata.full_name === 'string' ? data.user.user_metadata.full_name : ''
  return (
    <main className="mx-auto grid w-full max-w-md gap-4 px-4 py-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">Your name</h1>
        <p className="text-sm text-muted-foreground">
          {data.user.email ? `For ${data.user.email}. ` : ''}Every shop you work in shows it beside what you did: in the stock history, on the
          dashboard and in sales by person.
        </p>
      </div>
      <NameForm name={name} />
    </main>
  )
}
