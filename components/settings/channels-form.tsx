'use client'

import { toast } from 'sonner'
import { saveChannels } from '@/lib/actions/delivery-settings-actions'
import type { Channels } from '@/lib/data/delivery-settings'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'
import { SettingBox } from './setting-box'

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
        <SettingBox name="email_report" label="Daily report by email" hint="The day’s figures and what is low." defaultChecked={channels.email_report} />
        <SettingBox name="low_stock_digest" label="Low-stock digest by email" hint="Only on days when something is low, and not when all of it is already on order." defaultChecked={channels.low_stock_digest} />
        <SettingBox
          name="whatsapp_report"
          label="Daily report by WhatsApp"
          hint={whatsAppUnavailable ?? 'To the confirmed WhatsApp numbers below.'}
          defaultChecked={channels.whatsapp_report && !whatsAppUnavailable}
          disabled={Boolean(whatsAppUnavailable)}
          error={state.fieldErrors?.whatsapp_report?.[0]}
        />
        <SettingBox
          name="sheets_feed"
          label="Google Sheets feed"
          hint={(on) => (on ? 'On: a feed link (make one under Google Sheets) answers with your latest figures.' : 'Off: feed links answer no figures, only that the feed is switched off.')}
          defaultChecked={channels.sheets_feed}
        />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">Your own email</legend>
        {ownerEmail ? (
          <SettingBox
            name="owner_email"
            label={`Send the emails to me (${ownerEmail})`}
            hint="Your verified address gets the reports unless you turn this off."
            defaultChecked={channels.owner_email}
          />
        ) : (
          <>
            <SettingBox
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
