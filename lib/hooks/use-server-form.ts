'use client'

import { startTransition, useActionState, useEffect, useId, useRef, type FormEvent } from 'react'
import { toast } from 'sonner'
import { initialActionState, type ActionState } from '@/lib/actions/action-state'
import { noAnswerState } from '@/lib/http/no-answer'

type ServerAction = (previous: ActionState, formData: FormData) => Promise<ActionState>

interface Options {
  /** title of the destructive toast; its description is the action's message */
  errorTitle: string
  onSuccess: (state: ActionState) => void
}

/**
 * useActionState + the toasts every form shows. The toasts fire inside the action, not in
 * an effect: a successful sign-in/out or shop creation re-renders the layout and may unmount
 * the form before an effect would run. Submitting through onSubmit keeps what the user typed
 * when the server says no (a plain form action would reset the fields).
 */
export function useServerForm(action: ServerAction, { errorTitle, onSuccess }: Options) {
  // One error toast per form: the next answer takes its place, and a success takes it away.
  const errorToast = useId()
  const onSuccessRef = useRef(onSuccess)
  useEffect(() => {
    onSuccessRef.current = onSuccess
  })

  const [state, formAction, pending] = useActionState(async (previous: ActionState, formData: FormData) => {
    // No answer: the form stays as typed and says so, where the error page would empty it.
    const result: ActionState = await action(previous, formData).catch(noAnswerState)
    if (result.ok) {
      toast.dismiss(errorToast)
      onSuccessRef.current(result)
    } else toast.error(errorTitle, { id: errorToast, description: result.message })
    return result
  }, initialActionState)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formData = new FormData(event.currentTarget)
    startTransition(() => formAction(formData))
  }

  return { state, pending, formProps: { action: formAction, onSubmit } }
}
