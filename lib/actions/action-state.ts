// The one state shape every server action returns to useActionState.
export interface ActionState {
  ok: boolean
  message?: string
  fieldErrors?: Record<string, string[]>
  /** sign-up or sign-in: this address must follow its emailed link first */
  confirmEmail?: string
}

export const initialActionState: ActionState = { ok: false }

/** An action that needs a signed-in user, called without one. */
export const NO_USER_MESSAGE = 'No user found'
/** A change kept on the device for one user, sent while another is signed in on this browser: not booked. */
/** A count set to what the ledger already held: nothing is booked. */
export const COUNT_ALREADY_MATCHED = 'The count already matched: nothing changed'
export const OTHER_USER_MESSAGE = 'Someone else is signed in on this browser. Changes wait on this device for the person who made them.'
