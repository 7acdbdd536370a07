/** tryDemo's message when the caller is a signed-in owner: nothing to set up, go on to their shop. */
export const ALREADY_SIGNED_IN = 'signed-in'
