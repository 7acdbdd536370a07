export const OFFLINE_NOT_SENT = "You're offline, so this was not sent. What you typed is kept: tap again once you're back online."
export const NO_ANSWER = 'ShelfSnap did not answer, so this may not have been saved. What you typed is kept: check your connection and tap again.'

/**
 * A server action's call that failed on the way (no network, the connection dropped before its
 * answer): not an answer of the server's, which the error page shows.
 */
export function isNoAnswer(error: unknown, online: boolean): boolean {
  if (!online) return true
  // fetch's network failure; React's reply reader when the answer stops half-way
  return error instanceof TypeError || (error instanceof Error && error.message === 'Connection closed.')
}

/** In the owner's words: nothing was sent, or the answer did not come. */
export const noAnswerMessage = (online: boolean) => (online ? NO_ANSWER : OFFLINE_NOT_SENT)

/** An action call's `.catch`: no answer becomes a refusal in words (the form keeps what was typed); anything else is thrown on. */
export function noAnswerState(error: unknown): { ok: false; message: string } {
  if (!isNoAnswer(error, navigator.onLine)) throw error
  return { ok: false, message: noAnswerMessage(navigator.onLine) }
}
