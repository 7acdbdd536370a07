'use client'

import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { addEmailRecipient, removeRecipient, resendRecipientConfirmation } from '@/lib/actions/recipient-actions'
import { addWhatsAppRecipient, confirmWhatsAppRecipient } from '@/lib/actions/whatsapp-recipient-actions'
import type { ActionState } from '@/lib/actions/action-state'
import type { ReportRecipient } from '@/lib/data/report-recipients'
import { useFreshForm } from '@/lib/hooks/use-fresh-form'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'

type Action = (previous: ActionState, formData: FormData) => Promise<ActionState>

function statusOf(recipient: ReportRecipient): string {
  if (recipient.unsubscribed_at) return 'Unsubscribed'
  return recipient.confirmed_at ? 'Confirmed' : 'Waiting for confirmation'
}

/** A one-button form for a recipient (Resend, Remove), with its own toasts. */
function RecipientButton({ action, id, label, busy, title, variant }: { action: Action; id: string; label: ReactNode; busy: string; title: string; variant: 'outline' | 'ghost' }) {
  const { pending, formProps } = useServerForm(action, { errorTitle: title, onSuccess: ({ message }) => toast.success(message ?? 'Done') })
  return (
    <form {...formProps}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant={variant} disabled={pending}>
        {pending ? busy : label}
      </Button>
    </form>
  )
}

/** The code the person at a waiting WhatsApp number was sent, as they tell it to the owner. */
function CodeForm({ recipient }: { recipient: ReportRecipient }) {
  const { state, pending, formProps } = useServerForm(confirmWhatsAppRecipient, {
    errorTitle: 'Number not confirmed',
    onSuccess: ({ message }) => toast.success('Number confirmed', { description: message }),
  })
  const id = `code-${recipient.id}`
  return (
    <form {...formProps} className="grid w-full gap-1 sm:grid-cols-[1fr_auto] sm:items-start sm:gap-3">
      <input type="hidden" name="id" value={recipient.id} />
      <FormField
        id={id}
        name="code"
        label={`Code sent to ${recipient.address}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        required
        errors={state.fieldErrors?.code}
      />
      <Button type="submit" variant="outline" disabled={pending} className="sm:mt-6">
        {pending ? 'Checking...' : 'Confirm number'}
      </Button>
    </form>
  )
}

function AddForm({ action, id, name, label, type, placeholder, submit }: { action: Action; id: string; name: string; label: string; type: string; placeholder: string; submit: string }) {
  const { key: formKey, ref: formRef, clear } = useFreshForm()
  const { state, pending, formProps } = useServerForm(action, {
    errorTitle: 'Could not add the recipient',
    onSuccess: ({ message }) => {
      toast.success('Recipient added', { description: message })
      clear()
    },
  })
  return (
    <form key={formKey} ref={formRef} {...formProps} className="grid gap-1 sm:grid-cols-[1fr_auto] sm:items-start sm:gap-3">
      <FormField id={id} name={name} label={label} type={type} placeholder={placeholder} required errors={state.fieldErrors?.[name]} />
      <Button type="submit" variant="outline" disabled={pending} className="sm:mt-6">
        {pending ? 'Adding...' : submit}
      </Button>
    </form>
  )
}

/**
 * The other people who get the reports. Each confirms first: an email by its link, a
 * WhatsApp number by the code it was sent (typed in here) or a reply to that message.
 */
export function Recipients({ recipients, whatsAppUnavailable }: { recipients: ReportRecipient[]; whatsAppUnavailable: string | null }) {
  return (
    <div className="grid gap-4">
      {recipients.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody else gets the reports yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Recipients">
          {recipients.map((recipient) => (
            <li key={recipient.id} className="flex flex-wrap items-center gap-2 rounded-lg border p-3">
              <span className="min-w-0 grow basis-48 break-all font-medium">
                {recipient.address}
                <span className="sr-only">, </span>
                <span className="block text-sm font-normal text-muted-foreground">{recipient.channel === 'email' ? 'Email' : 'WhatsApp'}</span>
              </span>
              <Badge variant={recipient.confirmed_at && !recipient.unsubscribed_at ? 'secondary' : 'outline'}>{statusOf(recipient)}</Badge>
              {recipient.channel === 'email' && !recipient.confirmed_at && (
                <RecipientButton action={resendRecipientConfirmation} id={recipient.id} label={<>Resend<span className="sr-only"> the confirmation to {recipient.address}</span></>} busy="Sending..." title="Could not resend" variant="outline" />
              )}
              {recipient.channel === 'whatsapp' && !recipient.confirmed_at && !whatsAppUnavailable && (
                <RecipientButton action={resendRecipientConfirmation} id={recipient.id} label={<>Send a new code<span className="sr-only"> to {recipient.address}</span></>} busy="Sending..." title="Could not send a code" variant="outline" />
              )}
              <RecipientButton action={removeRecipient} id={recipient.id} label={<>Remove<span className="sr-only"> {recipient.address}</span></>} busy="Removing..." title="Could not remove" variant="ghost" />
              {recipient.channel === 'whatsapp' && !recipient.confirmed_at && !whatsAppUnavailable && <CodeForm recipient={recipient} />}
            </li>
          ))}
        </ul>
      )}
      <AddForm action={addEmailRecipient} id="recipient-email" name="email" label="Add an email address" type="email" placeholder="partner@example.com" submit="Add email" />
      {whatsAppUnavailable ? (
        <p className="text-sm text-muted-foreground">{`Reports by WhatsApp: ${whatsAppUnavailable}`}</p>
      ) : (
        <AddForm action={addWhatsAppRecipient} id="recipient-phone" name="phone" label="Add a WhatsApp number" type="tel" placeholder="07911 123456" submit="Add number" />
      )}
    </div>
  )
}
