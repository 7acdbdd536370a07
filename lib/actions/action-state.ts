// The one state shape every server action returns to useActionState.
export interface ActionState {
  ok: boolean
  message?: string
  fieldErrors?: Record<string, string[]>
}

export const initialActionState: ActionState = { ok: false }
