'use client'

import { useActionState } from 'react'
import { initialActionState, type ActionState } from '@/lib/actions/action-state'
import { Button } from '@/components/ui/button'

interface TokenActionFormProps {
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>
  /** the emailed link's token: the only key, since these pages need no sign-in */
  token: string
  label: string
  busyLabel: string
}

/** An emailed link's page asks before it acts: mail scanners open links, but do not press buttons. */
export function TokenActionForm({ action, token, label, busyLabel }: TokenActionFormProps) {
  const [state, formAction, pending] = useActionState(action, initialActionState)
  return (
    <div className="grid gap-3">
      <p aria-live="polite" role="status" className={state.ok ? 'font-medium' : 'text-destructive'}>
        {state.message}
      </p>
      {!state.ok && (
        <form action={formAction}>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={pending}>
            {pending ? busyLabel : label}
          </Button>
        </form>
      )}
    </div>
  )
}
