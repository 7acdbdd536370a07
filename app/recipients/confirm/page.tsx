import type { Metadata } from 'next'
import { confirmRecipient } from '@/lib/actions/recipient-actions'
import { describeReportRecipient, type RecipientLink } from '@/lib/data/report-recipients'
import { createAdminClient } from '@/lib/supabase/admin'
import { recipientTokenSchema } from '@/lib/validations/delivery-settings'
import { TokenActionForm } from '@/components/delivery/token-action-form'

export const metadata: Metadata = { title: 'Confirm reports', robots: { index: false } }

type SearchParams = Promise<{ token?: string | string[] }>

const NEW_LINK = 'Ask the shop to send a new one from its ShelfSnap settings.'

/** What the page shows for a link: why it is refused, or the recipient it is for (with its token). */
async function readLink(token: unknown): Promise<{ refusal: string } | { link: RecipientLink; token: string }> {
  const parsed = recipientTokenSchema.safeParse({ token })
  if (!parsed.success) return { refusal: parsed.error.issues[0]!.message }
  const link = await describeReportRecipient(createAdminClient(), parsed.data.token)
  if (!link) return { refusal: `This link is not valid: a newer one may have replaced it. ${NEW_LINK}` }
  if (link.state === 'expired') return { refusal: `This link has expired (links work for 7 days). ${NEW_LINK}` }
  return { link, token: parsed.data.token }
}

/** An emailed confirmation link: it says what it is for, and asks before it confirms, since mail scanners open links. */
export default async function ConfirmRecipientPage({ searchParams }: { searchParams: SearchParams }) {
  const read = await readLink((await searchParams).token)
  return (
    <main className="mx-auto grid w-full max-w-lg gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Get ShelfSnap reports</h1>
      {'refusal' in read ? (
        <p role="alert">{read.refusal}</p>
      ) : read.link.state === 'confirmed' ? (
        <p role="status">
          You already get the ShelfSnap reports from <strong>{read.link.shop_name}</strong> at <strong>{read.link.address}</strong>. Each email has a
          link to unsubscribe.
        </p>
      ) : (
        <>
          <p>
            <strong>{read.link.shop_name}</strong> would like to send its daily ShelfSnap report to <strong>{read.link.address}</strong>. Nothing is
            sent to you until you confirm.
          </p>
          <TokenActionForm action={confirmRecipient} token={read.token} label="Confirm" busyLabel="Confirming..." />
        </>
      )}
    </main>
  )
}
