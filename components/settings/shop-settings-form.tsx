'use client'

import { toast } from 'sonner'
import { saveShopSettings } from '@/lib/actions/delivery-settings-actions'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { CURRENCIES } from '@/lib/shops/currencies'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'

const SELECT = 'h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm'

interface ShopSettingsFormProps {
  name: string
  currency: string
  timezone: string
  /** null for a manager: when the reports go out is the owner's to say */
  reportTime: string | null
  /** every IANA zone this server knows */
  timeZones: string[]
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <p id={id} aria-live="polite" className="min-h-5 text-sm text-destructive">
      {error}
    </p>
  )
}

/** The shop's name, currency, time zone and the time its daily report goes out. */
export function ShopSettingsForm({ name, currency, timezone, reportTime, timeZones }: ShopSettingsFormProps) {
  const { state, pending, formProps } = useServerForm(saveShopSettings, {
    errorTitle: 'Could not save the shop',
    onSuccess: ({ message }) => toast.success('Shop saved', { description: message }),
  })
  const errors = state.fieldErrors ?? {}
  return (
    <form {...formProps} className="grid gap-2">
      <FormField id="settings-name" name="name" label="Shop name" defaultValue={name} required errors={errors.name} />
      <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
        <div className="grid gap-2">
          <Label htmlFor="settings-currency">Currency</Label>
          <select id="settings-currency" name="currency" defaultValue={currency} className={SELECT} aria-describedby="settings-currency-error">
            {CURRENCIES.map(({ code, symbol }) => (
              <option key={code} value={code}>{`${code} (${symbol})`}</option>
            ))}
          </select>
          <FieldError id="settings-currency-error" error={errors.currency?.[0]} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="settings-timezone">Time zone</Label>
          <select id="settings-timezone" name="timezone" defaultValue={timezone} className={SELECT} aria-describedby="settings-timezone-error">
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          <FieldError id="settings-timezone-error" error={errors.timezone?.[0]} />
        </div>
      </div>
      {reportTime !== null && (
        <div className="grid gap-2">
          <Label htmlFor="settings-report-time">Daily report time</Label>
          <input
            id="settings-report-time"
            name="report_time"
            type="time"
            step={900}
            defaultValue={reportTime}
            required
            className={`${SELECT} sm:w-48`}
            aria-describedby="settings-report-time-hint settings-report-time-error"
          />
          <p id="settings-report-time-hint" className="text-sm text-muted-foreground">
            On the shop&apos;s clock, in quarter hours. From 12:00 the report covers that day; before 12:00, the day before.
          </p>
          <FieldError id="settings-report-time-error" error={errors.report_time?.[0]} />
        </div>
      )}
      <Button type="submit" disabled={pending} className="justify-self-start">
        {pending ? 'Saving...' : 'Save shop'}
      </Button>
    </form>
  )
}
