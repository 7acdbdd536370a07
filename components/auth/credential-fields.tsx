import type { ActionState } from '@/lib/actions/action-state'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'

interface CredentialFieldsProps {
  state: ActionState
  pending: boolean
  /** a new password (sign up, keeping a demo shop) or the one the account has */
  newPassword: boolean
  submitLabel: string
}

/** Email, password, the screen reader's copy of the answer, and the submit button: every auth form ends so. */
export function CredentialFields({ state, pending, newPassword, submitLabel }: CredentialFieldsProps) {
  const errors = state.fieldErrors ?? {}
  return (
    <>
      <FormField id="email" name="email" type="email" label="Email" autoComplete="email" errors={errors.email} />
      <FormField
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        minLength={newPassword ? 6 : undefined}
        errors={errors.password}
      />
      <p aria-live="polite" className="sr-only">
        {state.ok ? '' : state.message}
      </p>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? 'Please wait...' : submitLabel}
      </Button>
    </>
  )
}
