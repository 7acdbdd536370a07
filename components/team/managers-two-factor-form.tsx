'use client'

import { toast } from 'sonner'
import { setManagersTwoFactor } from '@/lib/actions/team-actions'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

/** The owner asks managers for two-factor sign-in: without it they work as staff. */
export function ManagersTwoFactorForm({ on }: { on: boolean }) {
  const { pending, formProps } = useServerForm(setManagersTwoFactor, {
    errorTitle: 'Not saved',
    onSuccess: ({ message }) => toast.success('Saved', { description: message }),
  })
  return (
    <form {...formProps} className="grid gap-3">
      <label className="flex min-h-11 items-start gap-3 text-sm">
        <input type="checkbox" name="on" defaultChecked={on} className="mt-0.5 size-5" aria-describedby="managers-2fa-help" />
        <span className="font-medium">Managers need two-factor sign-in</span>
      </label>
      <p id="managers-2fa-help" className="text-sm text-muted-foreground">
        A manager who signed in without a code from their authenticator app works as staff: no costs, reports or orders until they turn on two-factor sign-in in Settings.
      </p>
      <Button type="submit" variant="outline" disabled={pending} className="justify-self-start">
        {pending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  )
}
