'use client'

import { useActionState } from 'react'
import { initialActionState } from '@/lib/actions/action-state'
import { confirmRecipient } from '@/lib/actions/recipient-actions'
import { Button } from '@/components/ui/button'

export function ConfirmRecipientForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(confirmRecipient, initialActionState)
  return (
    <div className="grid gap-3">
      <p aria-live="polite" role="status" className={state.ok ? 'font-medium' : 'text-destructive'}>
        {state.message}
      </p>
      {!state.ok && (
        <form action={action}>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={pending}>
            {pending ? 'Confirming...' : 'Confirm'}
          </Button>
        </form>
      )}
    </div>
  )
}
