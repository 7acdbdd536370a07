import type { Metadata } from 'next'
import Link from 'next/link'
import { requireShop } from '@/lib/auth/require-shop'
import type { Shop } from '@/lib/data/shops'
import type { ServerSupabase } from '@/lib/supabase/server'
import { getDeliveryHistory, getDeliverySettings } from '@/lib/data/delivery-settings'
import { getReportFeed } from '@/lib/data/report-feeds'
import { getReportRecipients } from '@/lib/data/report-recipients'
import { SCHEDULED_SENDS_BLOCKED, scheduledSendsBlocked } from '@/lib/delivery/site-url'
import { formatDateTime } from '@/lib/format/date-time'
import { ownsShop, runsShop } from '@/lib/shops/roles'
import { timeZoneChoices } from '@/lib/shops/time-zones'
import { canSendWhatsApp, WHATSAPP_UNAVAILABLE } from '@/lib/whatsapp/cloud-api'
import { ChannelsForm } from '@/components/settings/channels-form'
import { DeliveryHistory } from '@/components/settings/delivery-history'
import { Recipients } from '@/components/settings/recipients'
import { SheetsFeed } from '@/components/settings/sheets-feed'
import { SettingsSection } from '@/components/settings/settings-section'
import { DeleteShopForm } from '@/components/settings/delete-shop-form'
import { ShopSettingsForm } from '@/components/settings/shop-settings-form'
import { TeamSettingsForm } from '@/components/settings/team-settings-form'
import { TestReportButton } from '@/components/settings/test-report-button'
import { TwoFactorSetting } from '@/components/two-factor/two-factor-setting'

export const metadata: Metadata = { title: 'Settings' }

/** What the owner's sections show; read only for the owner. */
async function readOwnerSettings(supabase: ServerSupabase, shop: Shop) {
  const [feed, settings, recipients, history] = await Promise.all([
    getReportFeed(supabase),
    getDeliverySettings(supabase, shop.id),
    getReportRecipients(supabase),
    getDeliveryHistory(supabase),
  ])
  return { feed, settings, recipients, history }
}

/** Where and when the reports go, who gets them, and the team: the owner's alone. */
function OwnerSections({ shop, email, owned }: { shop: Shop; email: string | null; owned: Awaited<ReturnType<typeof readOwnerSettings>> }) {
  const { feed, settings, recipients, history } = owned
  const whatsAppUnavailable = canSendWhatsApp() ? null : WHATSAPP_UNAVAILABLE
  return (
    <>
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
        <TeamSettingsForm staffCanConfirm={shop.staff_can_confirm} />
      </SettingsSection>
      <SettingsSection id="channels-heading" title="Reports and alerts">
        {scheduledSendsBlocked() && (
          <p role="alert" className="rounded-lg border border-destructive/50 p-3 text-sm text-destructive">
            {SCHEDULED_SENDS_BLOCKED}
          </p>
        )}
        <ChannelsForm channels={settings} ownerEmail={email} whatsAppUnavailable={whatsAppUnavailable} />
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
      <SettingsSection id="delete-shop-heading" title="Delete shop">
        <DeleteShopForm name={shop.name} />
      </SettingsSection>
    </>
  )
}

// Managers see all of it but where the reports go (and, once there is one, deleting the shop); staff, none.
export default async function SettingsPage() {
  const { shop, supabase } = await requireShop('/settings')
  const [{ data: auth }, owned] = await Promise.all([supabase.auth.getUser(), ownsShop(shop.role) ? readOwnerSettings(supabase, shop) : null])
  const owner = auth.user
  const ownerEmail = owner?.email && owner.email_confirmed_at && !owner.is_anonymous ? owner.email : null
  const authenticators = (owner?.factors ?? [])
    .filter((factor) => factor.status === 'verified' && factor.factor_type === 'totp')
    .map((factor) => ({ id: factor.id, name: factor.friendly_name ?? 'Authenticator app', since: factor.created_at }))
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Settings</h1>
      {/* Staff get their own two-factor sign-in only (a manager asked for it works as staff until it is on). */}
      {!runsShop(shop.role) ? (
        <p role="note" className="rounded-lg border p-3 text-sm text-muted-foreground">
          {`The shop's settings are for the owner and managers of ${shop.name}.`}
        </p>
      ) : owned ? (
        <OwnerSections shop={shop} email={ownerEmail} owned={owned} />
      ) : (
        <SettingsSection id="shop-heading" title="Shop">
          <ShopSettingsForm name={shop.name} currency={shop.currency} timezone={shop.timezone} reportTime={null} timeZones={timeZoneChoices(shop.timezone)} />
        </SettingsSection>
      )}
      <SettingsSection id="two-factor-heading" title="Two-factor sign-in">
        <TwoFactorSetting authenticators={authenticators} timeZone={shop.timezone} />
      </SettingsSection>
    </main>
  )
}
