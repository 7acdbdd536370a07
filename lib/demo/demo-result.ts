/** tryDemo's message when the caller is a signed-in owner: nothing to set up, go on to their shop. */
export const ALREADY_SIGNED_IN = 'signed-in'

/** keepDemoShop's refusals. */
export const ALREADY_KEPT = 'This shop is already yours: sign in with your email and password.'
export const CHECK_EMAIL = 'Check your email to confirm your address, then sign in with it to keep this shop.'
