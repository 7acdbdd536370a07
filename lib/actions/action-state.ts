// The one state shape every server action returns to useActionState.
export interface ActionState {
  ok: boolean
  message?: string
  fieldErrors?: Record<string, string[]>
  /** sign-up or sign-in: this address must follow its emailed link first */
  confirmEmail?: string
}

export const initialActionState: ActionState = { ok: false }
