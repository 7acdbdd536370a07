'use client'

import { startTransition, useActionState, useEffect, useRef, type FormEvent } from 'react'
import { toast } from 'sonner'
import { initialActionState, type ActionState } from '@/lib/actions/action-state'

type ServerAction = (previous: ActionState, formData: FormData) => Promise<ActionState>

interface Options {
  /** title of the destructive toast; its description is the action's message */
  errorTitle: string
  onSuccess: (state: ActionState) => void
}

/**
 * useActionState + the toasts every form shows. Submitting through onSubmit keeps what the
 * user typed when the server says no (a plain form action would reset the fields).
 */
export function useServerForm(action: ServerAction, { errorTitle, onSuccess }: Options) {
  const [state, formAction, pending] = useActionState(action, initialActionState)
  const onSuccessRef = useRef(onSuccess)
  const handled = useRef(state)

  useEffect(() => {
    onSuccessRef.current = onSuccess
  })

  useEffect(() => {
    if (state === handled.current) return
    handled.current = state
    if (state.ok) onSuccessRef.current(state)
    else toast.error(errorTitle, { description: state.message })
  }, [state, errorTitle])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formData = new FormData(event.currentTarget)
    startTransition(() => formAction(formData))
  }

  return { state, pending, formProps: { action: formAction, onSubmit } }
}
