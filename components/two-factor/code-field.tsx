import { FormField } from '@/components/forms/form-field'

/** The authenticator's 6-digit code: the number pad on phones, and the code the phone offers from a text. */
export function CodeField({ errors }: { errors?: string[] }) {
  return (
    <FormField id="code" name="code" label="6-digit code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required errors={errors} />
  )
}
