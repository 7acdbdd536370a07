'use client'

import { toast } from 'sonner'
import { inviteTeamMember } from '@/lib/actions/team-actions'
import { useFreshForm } from '@/lib/hooks/use-fresh-form'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { RoleSelect } from './role-select'

/** The owner invites someone by email, as manager or staff. */
export function InviteForm() {
  const { key: formKey, ref: formRef, clear } = useFreshForm()
  const { state, pending, formProps } = useServerForm(inviteTeamMember, {
    errorTitle: 'Invitation not sent',
    onSuccess: ({ message }) => {
      toast.success('Invitation sent', { description: message })
      clear()
    },
  })
  return (
    <form key={formKey} ref={formRef} {...formProps} noValidate className="grid gap-2 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-start sm:gap-3">
      <FormField id="invite-email" name="email" type="email" label="Email" autoComplete="off" placeholder="sam@example.com" required errors={state.fieldErrors?.email} />
      <FormField id="invite-name" name="name" label="Their name" autoComplete="off" placeholder="Sam Taylor" errors={state.fieldErrors?.name} />
      <div className="grid gap-2">
        <label htmlFor="invite-role" className="text-sm font-medium">
          Role
        </label>
        <RoleSelect id="invite-role" defaultValue="staff" errors={state.fieldErrors?.role} />
      </div>
      <Button type="submit" disabled={pending} className="h-11 sm:mt-7">
        {pending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  )
}
