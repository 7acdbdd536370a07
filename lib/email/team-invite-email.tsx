import { Link, Text } from '@react-email/components'
import { EmailLayout, emailText, renderParts, SmallPrint } from './email-parts'

export interface TeamInviteProps {
  shopName: string
  role: 'manager' | 'staff'
  joinUrl: string
}

const subject = (shopName: string) => `Join ${shopName} on ShelfSnap`

/**
 * For an address that already has a ShelfSnap account: the auth server invites only new ones
 * (with its own template, supabase/templates/invite.html).
 */
export function TeamInviteEmail({ shopName, role, joinUrl }: TeamInviteProps) {
  return (
    <EmailLayout preview={subject(shopName)} title={subject(shopName)}>
      <Text style={emailText}>{`${shopName} has invited you to work in its shop on ShelfSnap as ${role === 'manager' ? 'a manager' : 'staff'}.`}</Text>
      <Text style={emailText}>
        <Link href={joinUrl}>Sign in and join {shopName}</Link>
      </Text>
      {/* an earlier invitation's link may have been opened without a password being chosen */}
      <Text style={emailText}>{'No password yet, or forgotten it? On the sign-in page, tap "Forgot password?" and use this address.'}</Text>
      <SmallPrint>The invitation works for 7 days. If you were not expecting it, ignore this email.</SmallPrint>
    </EmailLayout>
  )
}

export async function renderTeamInviteEmail(props: TeamInviteProps) {
  return { subject: subject(props.shopName), ...(await renderParts(<TeamInviteEmail {...props} />)) }
}
