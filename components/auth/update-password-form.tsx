'use client'

import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { updatePassword } from '@/lib/actions/auth-email-actions'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'

/**
 * A new password, or with `first` an invited member's first one (the same action, in words for it).
 * `askCurrent`: signed in with a password, not by an emailed link, so the current one is asked for.
 */
export function UpdatePasswordForm({ next, first = false, askCurrent = false }: { next: string; first?: boolean; askCurrent?: boolean }) {
  const router = useRouter()
  const { state, pending, formProps } = useServerForm(updatePassword, {
    errorTitle: first ? 'Could not set the password' : 'Could not change the password',
    onSuccess: ({ message }) => {
      if (first) toast.success('Password set', { description: 'Sign in with it from now on.' })
      else toast.success('Password changed', { description: message })
      router.replace(next)
      router.refresh()
    },
  })
  const errors = state.fieldErrors ?? {}
  return (
    <form {...formProps} noValidate className="grid gap-2">
      {askCurrent && (
        <FormField id="current_password" name="current_password" type="password" label="Current password" autoComplete="current-password" errors={errors.current_password} />
      )}
      <FormField id="password" name="password" type="password" label={first ? 'Password' : 'New password'} autoComplete="new-password" errors={errors.password} />
      <FormField
        id="confirmPassword"
        name="confirmPassword"
        type="password"
        label={first ? 'Password again' : 'New password again'}
        autoComplete="new-password"
        errors={errors.confirmPassword}
      />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? 'Saving...' : first ? 'Set password' : 'Change password'}
      </Button>
    </form>
  )
}
