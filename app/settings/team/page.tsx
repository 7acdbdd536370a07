import type { Metadata } from 'next'
import { requireShop } from '@/lib/auth/require-shop'
import { getTeam } from '@/lib/data/team'
import { formatDate } from '@/lib/format/date-time'
import { BackLink } from '@/components/layout/back-link'
import { SettingsSection } from '@/components/settings/settings-section'
import { InviteForm } from '@/components/team/invite-form'
import { InviteList } from '@/components/team/invite-list'
import { ManagersTwoFactorForm } from '@/components/team/managers-two-factor-form'
import { MemberList } from '@/components/team/member-list'

export const metadata: Metadata = { title: 'Team' }

/** The owner's team: invitations, roles, removal, handing the shop over, two-factor for managers. */
export default async function TeamPage() {
  const { user, shop, supabase } = await requireShop('/settings/team')
  const team = await getTeam(supabase)
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <div>
        <BackLink href="/settings">Settings</BackLink>
        <h1 className="text-2xl font-bold sm:text-3xl">Team</h1>
        <p className="text-sm text-muted-foreground">{`Who works in ${shop.name}, and what they can do.`}</p>
      </div>
      {team.ok ? (
        <>
          <SettingsSection id="invite-heading" title="Invite someone">
            <InviteForm />
            <ul className="list-disc pl-5 text-sm text-muted-foreground">
              <li>Staff: the counter, scanning, stocktakes and the catalogue, without costs, reports, orders or Settings.</li>
              <li>Manager: everything but the team, where reports go and deleting the shop.</li>
              <li>Their name is what the stock history and the reports show beside what they did. Someone who already has a ShelfSnap account keeps their own.</li>
            </ul>
          </SettingsSection>
          <SettingsSection id="members-heading" title="Members">
            <MemberList members={team.value.members} you={user.id} />
          </SettingsSection>
          <SettingsSection id="invites-heading" title="Invitations waiting">
            <InviteList invites={team.value.invites.map((invite) => ({ ...invite, expires: formatDate(invite.expires_at, shop.timezone) }))} />
          </SettingsSection>
          <SettingsSection id="managers-2fa-heading" title="Two-factor for managers">
            <ManagersTwoFactorForm on={team.value.managers_need_2fa} />
          </SettingsSection>
        </>
      ) : (
        <p role="status" className="rounded-lg border p-4">
          {team.message}
        </p>
      )}
    </main>
  )
}
