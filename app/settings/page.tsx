import type { Metadata } from 'next'
import Link from 'next/link'
import { requireShop } from '@/lib/auth/require-shop'
import { getDeliveryHistory, getDeliverySettings } from '@/lib/data/delivery-settings'
import { getReportFeed } from '@/lib/data/report-feeds'
import { getReportRecipients } from '@/lib/data/report-recipients'
import { SCHEDULED_SENDS_BLOCKED, scheduledSendsBlocked } from '@/lib/delivery/site-url'
import { formatDateTime } from '@/lib/format/date-time'
import { timeZoneChoices } from '@/lib/shops/time-zones'
import { canSendWhatsApp, WHATSAPP_UNAVAILABLE } from '@/lib/whatsapp/cloud-api'
import { ChannelsForm } from '@/components/settings/channels-form'
import { DeliveryHistory } from '@/components/settings/delivery-history'
import { Recipients } from '@/components/settings/recipients'
import { SheetsFeed } from '@/components/settings/sheets-feed'
import { SettingsSection } from '@/components/settings/settings-section'
import { ShopSettingsForm } from '@/components/settings/shop-settings-form'
import { TestReportButton } from '@/components/settings/test-report-button'
import { TwoFactorSetting } from '@/components/two-factor/two-factor-setting'

export const metadata: Metadata = { title: 'Settings' }

export default async function SettingsPage() {
  const { shop, supabase } = await requireShop('/settings')
  const [feed, settings, recipients, history, { data: auth }] = await Promise.all([
    getReportFeed(supabase),
    getDeliverySettings(supabase, shop.id),
    getReportRecipients(supabase),
    getDeliveryHistory(supabase),
    supabase.auth.getUser(),
  ])
  const owner = auth.user
  const ownerEmail = owner?.email && owner.email_confirmed_at && !owner.is_anonymous ? owner.email : null
  const authenticators = (owner?.factors ?? [])
    .filter((factor) => factor.status === 'verified' && factor.factor_type === 'totp')
    .map((factor) => ({ id: factor.id, name: factor.friendly_name ?? 'Authenticator app', since: factor.created_at }))
  const whatsAppUnavailable = canSendWhatsApp() ? null : WHATSAPP_UNAVAILABLE
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Settings</h1>
      <SettingsSection id="shop-heading" title="Shop">
        <ShopSettingsForm
          name={shop.name}
          currency={shop.currency}
          timezone={shop.timezone}
          reportTime={settings.report_time}
          timeZones={timeZoneChoices(shop.timezone)}
        />
      </SettingsSection>
      <SettingsSection id="team-heading" title="Team">
        <p className="text-sm text-muted-foreground">Invite staff and managers, change what they can do, or hand the shop over.</p>
        <Link href="/settings/team" className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4">
          Manage the team
        </Link>
      </SettingsSection>
      <SettingsSection id="channels-heading" title="Reports and alerts">
        {scheduledSendsBlocked() && (
          <p role="alert" className="rounded-lg border border-destructive/50 p-3 text-sm text-destructive">
            {SCHEDULED_SENDS_BLOCKED}
          </p>
        )}
        <ChannelsForm channels={settings} ownerEmail={ownerEmail} whatsAppUnavailable={whatsAppUnavailable} />
      </SettingsSection>
      <SettingsSection id="recipients-heading" title="Recipients">
        <Recipients recipients={recipients} whatsAppUnavailable={whatsAppUnavailable} />
      </SettingsSection>
      <SettingsSection id="deliveries-heading" title="Deliveries">
        <TestReportButton />
        <DeliveryHistory deliveries={history} timeZone={shop.timezone} />
      </SettingsSection>
      <SettingsSection id="sheets-heading" title="Google Sheets">
        <SheetsFeed madeAt={feed ? formatDateTime(feed.created_at, shop.timezone) : null} />
      </SettingsSection>
      <SettingsSection id="two-factor-heading" title="Two-factor sign-in">
        <TwoFactorSetting authenticators={authenticators} timeZone={shop.timezone} />
      </SettingsSection>
    </main>
  )
}
