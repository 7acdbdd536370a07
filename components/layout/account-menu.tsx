'use client'

import { useTransition } from 'react'
import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { CircleUser, KeyRound, MonitorSmartphone, Store, UserPen } from 'lucide-react'
import { toast } from 'sonner'
import { initialActionState } from '@/lib/actions/action-state'
import { signOutOthers } from '@/lib/actions/sign-out-others'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'

/** Who is signed in, adding a shop (another branch), their name, changing the password, and signing out the other phones and computers of this account. */
export function AccountMenu({ email }: { email: string | undefined }) {
  const [pending, startTransition] = useTransition()
  // back to this page once the new password is set
  const pathname = usePathname()
  function others() {
    startTransition(async () => {
      const result = await signOutOthers(initialActionState, new FormData()).catch(() => null)
      if (result?.ok) toast.success('Signed out everywhere else', { description: 'Other devices need your password again within the hour. This one stays signed in.' })
      else toast.error('Other devices not signed out', { description: result?.message ?? "ShelfSnap couldn't be reached. Try again." })
    })
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Account" className="size-11">
          <CircleUser aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="grid font-normal">
          <span className="text-xs text-muted-foreground">Signed in as</span>
          <span className="truncate font-medium">{email ?? 'a demo visitor'}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {email && (
          <DropdownMenuItem asChild>
            <Link href="/app/shops/new">
              <Store aria-hidden="true" />
              Add a shop
            </Link>
          </DropdownMenuItem>
        )}
        {email && (
          <DropdownMenuItem asChild>
            <Link href="/app/account">
              <UserPen aria-hidden="true" />
              Your name
            </Link>
          </DropdownMenuItem>
        )}
        {email && (
          <DropdownMenuItem asChild>
            <Link href={`/auth/update-password?next=${encodeURIComponent(pathname)}`}>
              <KeyRound aria-hidden="true" />
              Change password
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem disabled={pending} onSelect={others}>
          <MonitorSmartphone aria-hidden="true" />
          {pending ? 'Signing out other devices…' : 'Sign out everywhere else'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
