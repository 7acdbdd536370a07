import type { Metadata } from 'next'
import { confirmRecipient } from '@/lib/actions/recipient-actions'
import { TokenActionForm } from '@/components/delivery/token-action-form'

export const metadata: Metadata = { title: 'Confirm reports', robots: { index: false } }

type SearchParams = Promise<{ token?: string | string[] }>

/** An emailed confirmation link: it asks before it confirms, since mail scanners open links. */
export default async function ConfirmRecipientPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams
  return (
    <main className="mx-auto grid w-full max-w-lg gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Get ShelfSnap reports</h1>
      <p>A shop would like to send you its daily ShelfSnap report. Nothing is sent to you until you confirm.</p>
      <TokenActionForm action={confirmRecipient} token={typeof token === 'string' ? token : ''} label="Confirm" busyLabel="Confirming..." />
    </main>
  )
}
