'use client'

import { toast } from 'sonner'
import { revokeTeamInvite } from '@/lib/actions/team-actions'
import type { TeamInvite } from '@/lib/data/team'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

function WithdrawButton({ invite }: { invite: TeamInvite }) {
  const { pending, formProps } = useServerForm(revokeTeamInvite, {
    errorTitle: 'Invitation not withdrawn',
    onSuccess: ({ message }) => toast.success(`Invitation to ${invite.email} withdrawn`, { description: message }),
  })
  return (
    <form {...formProps}>
      <input type="hidden" name="id" value={invite.id} />
      <Button type="submit" variant="outline" size="sm" disabled={pending} aria-label={`Withdraw the invitation to ${invite.email}`}>
        {pending ? 'Withdrawing...' : 'Withdraw'}
      </Button>
    </form>
  )
}

/** Invitations nobody has taken yet; `expires` is already formatted in the shop's time zone. */
export function InviteList({ invites }: { invites: (TeamInvite & { expires: string })[] }) {
  if (!invites.length) return <p className="text-sm text-muted-foreground">No invitations waiting.</p>
  return (
    <ul className="grid gap-2">
      {invites.map((invite) => (
        <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
          <span className="grid min-w-0">
            <span className="truncate font-medium">{invite.email}</span>
            <span className="text-sm text-muted-foreground">{`${invite.role === 'manager' ? 'Manager' : 'Staff'} · link works until ${invite.expires}`}</span>
          </span>
          <WithdrawButton invite={invite} />
        </li>
      ))}
    </ul>
  )
}
