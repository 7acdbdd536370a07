'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import { saveChannels } from '@/lib/actions/delivery-settings-actions'
import type { Channels } from '@/lib/data/delivery-settings'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

interface BoxProps {
  name: keyof Channels
  label: string
  /** the hint, or one for each state of the box: it follows the box as it is ticked */
  hint: string | ((on: boolean) => string)
  defaultChecked: boolean
  disabled?: boolean
  error?: string
}

function ChannelBox({ name, label, hint, defaultChecked, disabled = false, error }: BoxProps) {
  const [on, setOn] = useState(defaultChecked)
  return (
    <div className="flex items-start gap-3">
      <input
        id={`channel-${name}`}
        name={name}
        type="checkbox"
        checked={on}
        onChange={(event) => setOn(event.currentTarget.checked)}
        disabled={disabled}
        className="mt-1 size-5 shrink-0 accent-primary"
        aria-describedby={`channel-${name}-hint${error ? ` channel-${name}-error` : ''}`}
      />
      <div className="grid gap-0.5">
        <label htmlFor={`channel-${name}`} className="font-medium">
          {label}
        </label>
        <p id={`channel-${name}-hint`} className="text-sm text-muted-foreground" aria-live="polite">
          {typeof hint === 'function' ? hint(on) : hint}
        </p>
        {error && (
          <p id={`channel-${name}-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}

interface ChannelsFormProps {
  channels: Channels
  ownerEmail: string | null
  /** null when this server can send WhatsApp messages; otherwise why not, in the owner's words */
  whatsAppUnavailable: string | null
}

/** Each channel on or off, and whether the owner's own address gets the emails. */
export function ChannelsForm({ channels, ownerEmail, whatsAppUnavailable }: ChannelsFormProps) {
  const { state, pending, formProps } = useServerForm(saveChannels, {
    errorTitle: 'Could not save the channels',
    onSuccess: ({ message }) => toast.success(message ?? 'Saved'),
  })
  return (
    <form {...formProps} className="grid gap-4">
      <fieldset className="grid gap-3">
        <legend className="sr-only">Channels</legend>
        <ChannelBox name="email_report" label="Daily report by email" hint="The day’s figures and what is low." defaultChecked={channels.email_report} />
        <ChannelBox name="low_stock_digest" label="Low-stock digest by email" hint="Only on days when something is low." defaultChecked={channels.low_stock_digest} />
        <ChannelBox
          name="whatsapp_report"
          label="Daily report by WhatsApp"
          hint={whatsAppUnavailable ?? 'To the confirmed WhatsApp numbers below.'}
          defaultChecked={channels.whatsapp_report && !whatsAppUnavailable}
          disabled={Boolean(whatsAppUnavailable)}
          error={state.fieldErrors?.whatsapp_report?.[0]}
        />
        <ChannelBox
          name="sheets_feed"
          label="Google Sheets feed"
          hint={(on) => (on ? 'On: the feed links answer with your latest figures.' : 'Off: the feed links answer nothing.')}
          defaultChecked={channels.sheets_feed}
        />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">Your own email</legend>
        {ownerEmail ? (
          <ChannelBox
            name="owner_email"
            label={`Send the emails to me (${ownerEmail})`}
            hint="Your verified address gets the reports unless you turn this off."
            defaultChecked={channels.owner_email}
          />
        ) : (
          <>
            <ChannelBox
              name="owner_email"
              label="Send the emails to me"
              hint="Your account has no verified email address: sign up with an email (or confirm yours) to get reports."
              defaultChecked={channels.owner_email}
              disabled
            />
            {/* a disabled box is not sent: keep the setting for when the address is verified */}
            {channels.owner_email && <input type="hidden" name="owner_email" value="on" />}
          </>
        )}
      </fieldset>
      <Button type="submit" disabled={pending} className="justify-self-start">
        {pending ? 'Saving...' : 'Save channels'}
      </Button>
    </form>
  )
}
