'use client'

import { useRouter } from 'next/navigation'
import { LogOut } from 'lucide-react'
import { toast } from 'sonner'
import { signOut } from '@/lib/actions/sign-out'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

export function SignOutButton() {
  const router = useRouter()
  const { pending, formProps } = useServerForm(signOut, {
    errorTitle: 'Error',
    onSuccess: () => {
      toast.success('Signed out', { description: "You've been successfully logged out." })
      router.replace('/auth')
      router.refresh()
    },
  })

  return (
    <form {...formProps}>
      <Button type="submit" variant="outline" disabled={pending}>
        <LogOut aria-hidden="true" />
        Sign Out
      </Button>
    </form>
  )
}
