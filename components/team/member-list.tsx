'use client'

import { toast } from 'sonner'
import { changeMemberRole, handOverTeamShop, removeTeamMember, resetMemberTwoFactor } from '@/lib/actions/team-actions'
import type { TeamMember } from '@/lib/data/team'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { ConfirmActionDialog } from '@/components/feedback/confirm-action-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { RoleSelect } from './role-select'

const ROLE_NAMES = { owner: 'Owner', manager: 'Manager', staff: 'Staff' } as const

function RoleForm({ member }: { member: TeamMember & { role: 'manager' | 'staff' } }) {
  const { pending, formProps } = useServerForm(changeMemberRole, {
    errorTitle: 'Role not changed',
    onSuccess: ({ message }) => toast.success(`${member.email}: role changed`, { description: message }),
  })
  return (
    <form {...formProps} className="flex items-center gap-2">
      <input type="hidden" name="userId" value={member.user_id} />
      <RoleSelect id={`role-${member.user_id}`} defaultValue={member.role} label={`Role of ${member.email}`} />
      <Button type="submit" variant="outline" disabled={pending}>
        {pending ? 'Saving...' : 'Change role'}
      </Button>
    </form>
  )
}

function MemberControls({ member }: { member: TeamMember & { role: 'manager' | 'staff' } }) {
  const asks = [
    member.two_factor && {
      label: 'Reset two-factor',
      title: `Reset two-factor sign-in for ${member.email}?`,
      description: 'Their authenticator apps are removed: they sign in with their password alone until they add a new one. Use this when they lost their phone.',
      confirmLabel: 'Reset two-factor',
      pendingLabel: 'Resetting...',
      action: resetMemberTwoFactor,
      errorTitle: 'Two-factor not reset',
      done: 'Two-factor reset',
    },
    {
      label: 'Make owner',
      title: `Hand the shop over to ${member.email}?`,
      description: 'They become the owner: the team, where reports go and deleting the shop are theirs. You stay on as a manager. Only they can hand it back.',
      confirmLabel: 'Hand over',
      pendingLabel: 'Handing over...',
      action: handOverTeamShop,
      errorTitle: 'Shop not handed over',
      done: 'Shop handed over',
    },
    {
      label: 'Remove',
      destructive: true,
      title: `Remove ${member.email} from the team?`,
      description: 'They lose access at once: their next tap or page is refused. What they booked stays in the ledger.',
      confirmLabel: 'Remove',
      pendingLabel: 'Removing...',
      action: removeTeamMember,
      errorTitle: 'Not removed',
      done: 'Removed from the team',
    },
  ].filter((ask) => ask !== false)
  return (
    <div className="flex flex-wrap items-center gap-2">
      <RoleForm member={member} />
      {asks.map(({ label, destructive, done, ...ask }) => (
        <ConfirmActionDialog
          key={label}
          trigger={<Button variant={destructive ? 'destructive' : 'outline'}>{label}</Button>}
          fields={{ userId: member.user_id }}
          onDone={({ message }) => toast.success(done, { description: message })}
          {...ask}
        />
      ))}
    </div>
  )
}

/** The shop's members: the owner first; every other member's role, two-factor and removal. */
export function MemberList({ members, you }: { members: TeamMember[]; you: string }) {
  return (
    <ul className="grid gap-3">
      {members.map((member) => (
        <li key={member.user_id} className="grid gap-2 rounded-lg border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="grid min-w-0">
              <span className="font-medium break-words">{member.name}</span>
              <span className="text-sm break-all text-muted-foreground">{member.email}</span>
            </span>
            {member.user_id === you && <span className="text-sm text-muted-foreground">(you)</span>}
            <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>{ROLE_NAMES[member.role]}</Badge>
            {member.two_factor && <Badge variant="outline">Two-factor on</Badge>}
          </div>
          {member.role !== 'owner' && <MemberControls member={member as TeamMember & { role: 'manager' | 'staff' }} />}
        </li>
      ))}
    </ul>
  )
}
