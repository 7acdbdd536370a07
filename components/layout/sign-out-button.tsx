'use client'

import { useActionState, useEffect } from 'react'
import { useRouter } from 'next/navigation'
import { LogOut } from 'lucide-react'
import { toast } from 'sonner'
import { signOut } from '@/lib/actions/sign-out'
import { initialActionState } from '@/lib/actions/action-state'
import { Button } from '@/components/ui/button'

export function SignOutButton() {
  const router = useRouter()
  const [state, formAction, pending] = useActionState(signOut, initialActionState)

  useEffect(() => {
    if (state === initialActionState) return
    if (state.ok) {
      toast.success('Signed out', { description: "You've been successfully logged out." })
      router.replace('/auth')
      router.refresh()
    } else {
      toast.error('Error', { description: state.message })
    }
  }, [state, router])

  return (
    <form action={formAction}>
      <Button type="submit" variant="outline" disabled={pending}>
        <LogOut aria-hidden="true" />
        Sign Out
      </Button>
    </form>
  )
}
