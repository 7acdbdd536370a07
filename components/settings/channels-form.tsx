'use client'

import { toast } from 'sonner'
import { saveChannels } from '@/lib/actions/delivery-settings-actions'
import type { Channels } from '@/lib/data/delivery-settings'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

const CHANNELS: { name: keyof Channels; label: string; hint: string }[] = [
  { name: 'email_report', label: 'Daily report by email', hint: 'The day’s figures and what is low.' },
  { name: 'low_stock_digest', label: 'Low-stock digest by email', hint: 'Only on days when something is low.' },
  { name: 'whatsapp_report', label: 'Daily report by WhatsApp', hint: 'To the WhatsApp numbers below.' },
  { name: 'sheets_feed', label: 'Google Sheets feed', hint: 'Off: the feed links answer nothing.' },
]

/** Each channel on or off, and whether the owner's own address gets the emails. */
export function ChannelsForm({ channels, ownerEmail }: { channels: Channels; ownerEmail: string | null }) {
  const { pending, formProps } = useServerForm(saveChannels, {
    errorTitle: 'Could not save the channels',
    onSuccess: ({ message }) => toast.success(message ?? 'Saved'),
  })
  const box = (name: keyof Channels, label: string, hint: string, disabled = false) => (
    <div key={name} className="flex items-start gap-3">
      <input
        id={`channel-${name}`}
        name={name}
        type="checkbox"
        defaultChecked={channels[name]}
        disabled={disabled}
        className="mt-1 size-5 shrink-0 accent-primary"
        aria-describedby={`channel-${name}-hint`}
      />
      <div className="grid gap-0.5">
        <label htmlFor={`channel-${name}`} className="font-medium">
          {label}
        </label>
        <p id={`channel-${name}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  )
  return (
    <form {...formProps} className="grid gap-4">
      <fieldset className="grid gap-3">
        <legend className="sr-only">Channels</legend>
        {CHANNELS.map(({ name, label, hint }) => box(name, label, hint))}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">Your own email</legend>
        {ownerEmail
          ? box('owner_email', `Send the emails to me (${ownerEmail})`, 'Your verified address gets the reports unless you turn this off.')
          : [
              box('owner_email', 'Send the emails to me', 'Your account has no verified email address: sign up with an email (or confirm yours) to get reports.', true),
              // a disabled box is not sent: keep the setting for when the address is verified
              channels.owner_email && <input key="keep" type="hidden" name="owner_email" value="on" />,
            ]}
      </fieldset>
      <Button type="submit" disabled={pending} className="justify-self-start">
        {pending ? 'Saving...' : 'Save channels'}
      </Button>
    </form>
  )
}
