'use client'

import { requestPasswordReset } from '@/lib/actions/auth-email-actions'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'

/** "Forgot password?": the address typed, or with `email` the signed-in member's own, sent without asking. */
export function ForgotPasswordForm({ email }: { email?: string }) {
  const { state, pending, formProps } = useServerForm(requestPasswordReset, { errorTitle: 'Could not send the link', onSuccess: () => {} })
  if (state.ok) {
    return (
      <p role="status" className="rounded-lg border p-3 text-sm">
        {state.message}
      </p>
    )
  }
  return (
    <form {...formProps} noValidate className="grid gap-2">
      {email ? (
        <input type="hidden" name="email" value={email} />
      ) : (
        <FormField id="email" name="email" type="email" label="Email" autoComplete="email" errors={state.fieldErrors?.email} />
      )}
      <Button type="submit" size={email ? 'default' : 'lg'} variant={email ? 'outline' : 'default'} disabled={pending}>
        {pending ? 'Sending...' : email ? 'Email me a reset link' : 'Send reset link'}
      </Button>
    </form>
  )
}
