import type { Metadata } from 'next'
import { confirmRecipient } from '@/lib/actions/recipient-actions'
import { describeReportRecipient } from '@/lib/data/report-recipients'
import { createAdminClient } from '@/lib/supabase/admin'
import { recipientTokenSchema } from '@/lib/validations/delivery-settings'
import { TokenActionForm } from '@/components/delivery/token-action-form'

export const metadata: Metadata = { title: 'Confirm reports', robots: { index: false } }

type SearchParams = Promise<{ token?: string | string[] }>

const NEW_LINK = 'Ask the shop to send a new one from its ShelfSnap settings.'

/** An emailed confirmation link: it says what it is for, and asks before it confirms, since mail scanners open links. */
export default async function ConfirmRecipientPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams
  const parsed = recipientTokenSchema.safeParse({ token })
  const link = parsed.success ? await describeReportRecipient(createAdminClient(), parsed.data.token) : null
  const refusal = !parsed.success
    ? parsed.error.issues[0]!.message
    : !link
      ? `This link is not valid: a newer one may have replaced it. ${NEW_LINK}`
      : link.state === 'expired'
        ? `This link has expired (links work for 7 days). ${NEW_LINK}`
        : null
  return (
    <main className="mx-auto grid w-full max-w-lg gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Get ShelfSnap reports</h1>
      {refusal || !link ? (
        <p role="alert">{refusal}</p>
      ) : link.state === 'confirmed' ? (
        <p role="status">
          You already get the ShelfSnap reports from <strong>{link.shop_name}</strong> at <strong>{link.address}</strong>. Each email has a link to
          unsubscribe.
        </p>
      ) : (
        <>
          <p>
            <strong>{link.shop_name}</strong> would like to send its daily ShelfSnap report to <strong>{link.address}</strong>. Nothing is sent to you
            until you confirm.
          </p>
          <TokenActionForm action={confirmRecipient} token={parsed.data!.token} label="Confirm" busyLabel="Confirming..." />
        </>
      )}
    </main>
  )
}
