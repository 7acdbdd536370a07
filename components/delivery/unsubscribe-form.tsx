'use client'

import { useActionState } from 'react'
import { initialActionState } from '@/lib/actions/action-state'
import { unsubscribeAction } from '@/lib/actions/unsubscribe-action'
import { Button } from '@/components/ui/button'

/** Asks before it stops anything: mail scanners open links, but do not press buttons. */
export function UnsubscribeForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(unsubscribeAction, initialActionState)
  return (
    <div className="grid gap-3">
      <p aria-live="polite" role="status" className={state.ok ? 'font-medium' : 'text-destructive'}>
        {state.ok ? `Done: ${state.message}` : state.message}
      </p>
      {!state.ok && (
        <form action={action}>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" disabled={pending}>
            {pending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
        </form>
      )}
    </div>
  )
}
