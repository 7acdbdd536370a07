'use client'

import { toast } from 'sonner'
import { resendConfirmation } from '@/lib/actions/auth-email-actions'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

/** What a new owner sees while their email is unconfirmed: where the link went, and a way to get it again. */
export function ResendConfirmation({ email, message }: { email: string; message: string }) {
  const { pending, formProps } = useServerForm(resendConfirmation, {
    errorTitle: 'Could not resend the link',
    onSuccess: ({ message: sent }) => toast.success('Confirmation sent', { description: sent }),
  })
  return (
    <div role="status" className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
      <p className="font-medium">Check your email</p>
      <p>{message}</p>
      <form {...formProps}>
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="outline" size="sm" disabled={pending}>
          {pending ? 'Sending...' : 'Resend confirmation'}
        </Button>
      </form>
    </div>
  )
}
