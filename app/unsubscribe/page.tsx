import type { Metadata } from 'next'
import { describeUnsubscribe } from '@/lib/delivery/unsubscribe'
import { unsubscribeAction } from '@/lib/actions/unsubscribe-action'
import { TokenActionForm } from '@/components/delivery/token-action-form'

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false } }

type SearchParams = Promise<{ token?: string | string[] }>

export default async function UnsubscribePage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams
  const value = typeof token === 'string' ? token : ''
  const target = await describeUnsubscribe(value)
  return (
    <main className="mx-auto grid w-full max-w-lg gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Unsubscribe</h1>
      {target.ok ? (
        <>
          <p>
            Stop the ShelfSnap reports from <strong>{target.shopName}</strong> to <strong>{target.address}</strong>?
          </p>
          <TokenActionForm action={unsubscribeAction} token={value} label="Unsubscribe" busyLabel="Unsubscribing..." />
        </>
      ) : (
        <p role="alert">{target.message}</p>
      )}
    </main>
  )
}
