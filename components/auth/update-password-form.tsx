'use client'

import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { updatePassword } from '@/lib/actions/auth-email-actions'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'

export function UpdatePasswordForm({ next }: { next: string }) {
  const router = useRouter()
  const { state, pending, formProps } = useServerForm(updatePassword, {
    errorTitle: 'Could not change the password',
    onSuccess: ({ message }) => {
      toast.success('Password changed', { description: message })
      router.replace(next)
      router.refresh()
    },
  })
  const errors = state.fieldErrors ?? {}
  return (
    <form {...formProps} noValidate className="grid gap-2">
      <FormField id="password" name="password" type="password" label="New password" autoComplete="new-password" errors={errors.password} />
      <FormField id="confirmPassword" name="confirmPassword" type="password" label="New password again" autoComplete="new-password" errors={errors.confirmPassword} />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  )
}
