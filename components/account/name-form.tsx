'use client'

import { toast } from 'sonner'
import { updateName } from '@/lib/actions/update-name'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'

/** The signed-in person's own name, as their shops' records show it. */
export function NameForm({ name }: { name: string }) {
  const { state, pending, formProps } = useServerForm(updateName, {
    errorTitle: 'Name not saved',
    onSuccess: ({ message }) => toast.success('Name saved', { description: message }),
  })
  return (
    <form {...formProps} noValidate className="grid gap-2">
      <FormField id="fullName" name="fullName" label="Your name" autoComplete="name" defaultValue={name} required errors={state.fieldErrors?.fullName} />
      <Button type="submit" size="lg" disabled={pending} className="justify-self-start">
        {pending ? 'Saving...' : 'Save name'}
      </Button>
    </form>
  )
}
