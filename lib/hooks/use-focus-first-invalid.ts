'use client'

import { useEffect, type RefObject } from 'react'
import type { ActionState } from '@/lib/actions/action-state'

/** After a refusal, every invalid field is marked (aria-invalid); the first in the form takes the focus. */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, state: ActionState) {
  useEffect(() => {
    if (state.ok || !state.fieldErrors) return
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    const target = first instanceof HTMLFieldSetElement ? first.querySelector<HTMLElement>('button, input:not([type="hidden"])') : first
    target?.focus()
  }, [formRef, state])
}
